import okhttp3.OkHttpClient
import okhttp3.Request

fun main() {
    val baseUrl = System.getenv("BASE_URL") ?: ""

    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder().url("$baseUrl/items").build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
