import okhttp3.OkHttpClient
import okhttp3.Request

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/")
        .header("User-Agent", "Mozilla/5.0 (X11)")
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
