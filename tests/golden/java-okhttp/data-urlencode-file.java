import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

public class Main {
  public static void main(String[] args) throws Exception {
    byte[] noteBytes = Files.readAllBytes(Path.of("note.txt"));

    OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();

    Request request =
        new Request.Builder()
            .url("https://api.example.com/")
            .post(
                RequestBody.create(
                    urlEncode(noteBytes).getBytes(StandardCharsets.UTF_8),
                    MediaType.get("application/x-www-form-urlencoded")))
            .build();

    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code());
      System.out.println(response.body().string());
    }
  }

  /** Like curl --data-urlencode: every byte but letters, digits and -._~ is percent-encoded. */
  private static String urlEncode(byte[] data) {
    String text = new String(data, StandardCharsets.ISO_8859_1);
    return URLEncoder.encode(text, StandardCharsets.ISO_8859_1)
        .replace("*", "%2A")
        .replace("%7E", "~");
  }
}
