import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

public class Main {
  public static void main(String[] args) throws Exception {
    byte[] noteBytes = Files.readAllBytes(Path.of("note.txt"));

    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    HttpRequest request =
        HttpRequest.newBuilder()
            .uri(URI.create("https://api.example.com/"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(
                HttpRequest.BodyPublishers.ofByteArray(
                    urlEncode(noteBytes).getBytes(StandardCharsets.UTF_8)))
            .build();

    HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
    System.out.println(response.statusCode());
    System.out.println(response.body());
  }

  /** Like curl --data-urlencode: every byte but letters, digits and -._~ is percent-encoded. */
  private static String urlEncode(byte[] data) {
    String text = new String(data, StandardCharsets.ISO_8859_1);
    return URLEncoder.encode(text, StandardCharsets.ISO_8859_1)
        .replace("*", "%2A")
        .replace("%7E", "~");
  }
}
