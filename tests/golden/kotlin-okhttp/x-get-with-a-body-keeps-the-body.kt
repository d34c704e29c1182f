import okhttp3.OkHttpClient
import okhttp3.Request

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/search")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
