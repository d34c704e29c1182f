import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/form")
        .post("a=1".toByteArray().toRequestBody("application/x-www-form-urlencoded".toMediaType()))
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
