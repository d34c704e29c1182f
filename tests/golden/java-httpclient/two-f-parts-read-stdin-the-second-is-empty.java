import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

public class Main {
  public static void main(String[] args) throws Exception {
    String boundary = "----JavaFormBoundary" + UUID.randomUUID().toString().replace("-", "");
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    writePart(
        body,
        boundary,
        "Content-Disposition: form-data; name=\"f\"; filename=\"-\"",
        "hello\n".getBytes(StandardCharsets.UTF_8));
    writePart(
        body,
        boundary,
        "Content-Disposition: form-data; name=\"g\"; filename=\"-\"",
        "".getBytes(StandardCharsets.UTF_8));
    writePart(
        body,
        boundary,
        "Content-Disposition: form-data; name=\"h\"",
        "".getBytes(StandardCharsets.UTF_8));
    body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));

    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    HttpRequest request =
        HttpRequest.newBuilder()
            .uri(URI.create("https://api.example.com/upload"))
            .header("Content-Type", "multipart/form-data; boundary=" + boundary)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))
            .build();

    HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
    System.out.println(response.statusCode());
    System.out.println(response.body());
  }

  /** Writes one multipart/form-data part: its header lines, a blank line and its content. */
  private static void writePart(
      ByteArrayOutputStream body, String boundary, String headers, byte[] content) {
    String head = "--" + boundary + "\r\n" + headers + "\r\n\r\n";
    body.writeBytes(head.getBytes(StandardCharsets.UTF_8));
    body.writeBytes(content);
    body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
  }
}
