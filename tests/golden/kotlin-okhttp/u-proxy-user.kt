import okhttp3.Credentials
import okhttp3.OkHttpClient
import okhttp3.Request
import java.net.InetSocketAddress
import java.net.Proxy

fun main() {
    val client = OkHttpClient.Builder()
        .followRedirects(false)
        .proxy(Proxy(Proxy.Type.HTTP, InetSocketAddress("proxy.local", 3128)))
        .proxyAuthenticator { _, response -> response.request.newBuilder().header("Proxy-Authorization", Credentials.basic("pu", "pp")).build() }
        .build()

    val request = Request.Builder().url("https://api.example.com/").build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}
