import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody
import java.io.File
import java.net.URLEncoder

fun main() {
    val formBytes = File("form.txt").readBytes()

    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("https://api.example.com/")
        .post("msg=${urlEncode(formBytes)}".toByteArray().toRequestBody("application/x-www-form-urlencoded".toMediaType()))
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}

/** Like curl --data-urlencode: every byte but letters, digits and -._~ is percent-encoded. */
fun urlEncode(data: ByteArray): String {
    val text = String(data, Charsets.ISO_8859_1)
    return URLEncoder.encode(text, Charsets.ISO_8859_1).replace("*", "%2A").replace("%7E", "~")
}
