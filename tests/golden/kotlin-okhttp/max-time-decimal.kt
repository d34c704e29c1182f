import okhttp3.OkHttpClient
import okhttp3.Request
import java.time.Duration

fun main() {
    val client = OkHttpClient.Builder()
        .followRedirects(false)
        .callTimeout(Duration.ofMillis(2500))
        .build()

    val request = Request.Builder().url("https://api.example.com/").build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
