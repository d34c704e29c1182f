import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.asRequestBody
import java.io.File

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/")
        .header("Accept", "application/json")
        .post(File("body.json").asRequestBody("application/json".toMediaType()))
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
