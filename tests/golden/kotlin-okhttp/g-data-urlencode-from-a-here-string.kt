import okhttp3.OkHttpClient
import okhttp3.Request

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder().url("https://api.example.com/search?q=a+b%0a&n=1").build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
