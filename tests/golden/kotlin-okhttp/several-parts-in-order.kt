import okhttp3.MediaType.Companion.toMediaType
import okhttp3.MultipartBody
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.asRequestBody
import java.io.File

fun main() {
    val body = MultipartBody.Builder()
        .setType(MultipartBody.FORM)
        .addFormDataPart("a", "1")
        .addFormDataPart("f", "note.txt", File("note.txt").asRequestBody("text/plain".toMediaType()))
        .addFormDataPart("b", "2")
        .build()

    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder().url("https://api.example.com/").post(body).build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
