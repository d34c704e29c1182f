import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

public class Main {
  public static void main(String[] args) throws Exception {
    byte[] formBytes = withoutNewlines(Files.readAllBytes(Path.of("form.txt")));

    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    HttpRequest request =
        HttpRequest.newBuilder()
            .uri(URI.create("https://api.example.com/"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofByteArray(formBytes))
            .build();

    HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
    System.out.println(response.statusCode());
    System.out.println(response.body());
  }

  /** Like curl -d @file: carriage returns and newlines are dropped. */
  private static byte[] withoutNewlines(byte[] data) {
    String text = new String(data, StandardCharsets.ISO_8859_1);
    return text.replace("\r", "").replace("\n", "").getBytes(StandardCharsets.ISO_8859_1);
  }
}
