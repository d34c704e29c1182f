import okhttp3.MultipartBody
import okhttp3.OkHttpClient
import okhttp3.Request

fun main() {
    val body = MultipartBody.Builder().setType(MultipartBody.FORM).addFormDataPart("a", "1").build()

    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder().url("https://api.example.com/").post(body).build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
