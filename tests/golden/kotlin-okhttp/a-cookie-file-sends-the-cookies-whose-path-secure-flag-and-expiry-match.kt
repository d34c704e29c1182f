import okhttp3.OkHttpClient
import okhttp3.Request
import java.io.File
import java.net.URI

fun main() {
    val cookies = cookiesFromFile("jar.txt", "http://127.0.0.1/api/items")

    val client = OkHttpClient.Builder().followRedirects(false).build()

    val request = Request.Builder()
        .url("http://127.0.0.1/api/items")
        .header("Cookie", cookies.joinToString("; "))
        .build()

    client.newCall(request).execute().use { response ->
        println(response.code)
        println(response.body.string())
    }
}

/**
 * Reads a Netscape cookie file like curl -b file: the cookies whose domain, path, secure flag
 * and expiry match the URL.
 */
fun cookiesFromFile(file: String, url: String): List<String> {
    val uri = URI(url)
    val host = uri.host.lowercase()
    val local = host == "localhost" || host == "127.0.0.1" || host == "[::1]"
    val path = uri.rawPath.ifEmpty { "/" }
    val now = System.currentTimeMillis() / 1000
    return File(file).readLines(Charsets.ISO_8859_1).mapNotNull { line ->
        val entry = line.removePrefix("#HttpOnly_")
        val fields = entry.split("\t")
        if (entry.startsWith("#") || fields.size < 7) return@mapNotNull null
        val domain = fields[0].lowercase().removePrefix(".")
        val expires = fields[4].toLongOrNull() ?: 0
        val domainMatches = host == domain || host.endsWith(".$domain")
        val secureOnly = fields[3].equals("TRUE", ignoreCase = true) && uri.scheme != "https"
        val expired = expires != 0L && expires < now
        if (domainMatches && path.startsWith(fields[2]) && !(secureOnly && !local) && !expired) {
            "${fields[5]}=${fields[6]}"
        } else {
            null
        }
    }
}
