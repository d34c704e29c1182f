import okhttp3.Headers
import okhttp3.OkHttpClient
import okhttp3.Request

fun main() {
    val token = System.getenv("TOKEN") ?: ""

    val headers = Headers.Builder().addUnsafeNonAscii("Authorization", "Bearer $token").build()

    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder().url("https://api.example.com/").headers(headers).build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
