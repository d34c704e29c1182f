import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

public class Main {
  public static void main(String[] args) throws Exception {
    List<String> cookies = new ArrayList<>();
    cookies.addAll(cookiesFromFile("cookies.txt", "http://127.0.0.1/"));
    cookies.add("lang=en");

    OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();

    Request request =
        new Request.Builder()
            .url("http://127.0.0.1/")
            .header("Cookie", String.join("; ", cookies))
            .build();

    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code());
      System.out.println(response.body().string());
    }
  }

  /**
   * Reads a Netscape cookie file like curl -b file: the cookies whose domain, path, secure flag and
   * expiry match the URL.
   */
  private static List<String> cookiesFromFile(String file, String url) throws IOException {
    URI uri = URI.create(url);
    String host = uri.getHost().toLowerCase(Locale.ROOT);
    boolean local = host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");
    String path = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    List<String> cookies = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(file), StandardCharsets.ISO_8859_1)) {
      String entry = line.startsWith("#HttpOnly_") ? line.substring(10) : line;
      String[] fields = entry.split("\t", -1);
      if (entry.startsWith("#") || fields.length < 7) {
        continue;
      }
      String domain = fields[0].toLowerCase(Locale.ROOT).replaceFirst("^\\.", "");
      long expires = fields[4].matches("\\d+") ? Long.parseLong(fields[4]) : 0;
      boolean domainMatches = host.equals(domain) || host.endsWith("." + domain);
      boolean secureOnly = fields[3].equalsIgnoreCase("TRUE") && !uri.getScheme().equals("https");
      boolean expired = expires != 0 && expires < System.currentTimeMillis() / 1000;
      if (domainMatches && path.startsWith(fields[2]) && !(secureOnly && !local) && !expired) {
        cookies.add(fields[5] + "=" + fields[6]);
      }
    }
    return cookies;
  }
}
