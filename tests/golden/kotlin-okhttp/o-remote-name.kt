import okhttp3.OkHttpClient
import okhttp3.Request
import java.io.File

fun main() {
    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder().url("https://api.example.com/file.zip").build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        File("file.zip").writeBytes(response.body.bytes())
    }
}
