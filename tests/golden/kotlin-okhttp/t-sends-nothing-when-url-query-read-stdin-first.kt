import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/blob?a%3d1%0a")
        .put("".toByteArray().toRequestBody())
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
