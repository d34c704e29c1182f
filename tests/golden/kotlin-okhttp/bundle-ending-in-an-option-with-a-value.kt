import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody

fun main() {
    val client = OkHttpClient.Builder().build()

    val request = Request.Builder()
        .url("https://api.example.com/")
        .post(ByteArray(0).toRequestBody())
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
