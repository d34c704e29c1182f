import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody
import java.io.File

fun main() {
    val formBytes = withoutNewlines(File("form.txt").readBytes())

    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/")
        .post(formBytes.toRequestBody("application/x-www-form-urlencoded".toMediaType()))
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}

/** Like curl -d @file: carriage returns and newlines are dropped. */
fun withoutNewlines(data: ByteArray): ByteArray {
    val newlines = setOf('\r'.code.toByte(), '\n'.code.toByte())
    return data.filter { it !in newlines }.toByteArray()
}
