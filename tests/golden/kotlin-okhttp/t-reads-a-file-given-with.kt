import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.asRequestBody
import java.io.File

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/blob")
        .put(File("note.txt").asRequestBody())
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
