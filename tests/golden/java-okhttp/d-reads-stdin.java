import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

public class Main {
  public static void main(String[] args) throws Exception {
    byte[] stdinBytes = withoutNewlines(System.in.readAllBytes());

    OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();

    Request request =
        new Request.Builder()
            .url("https://api.example.com/")
            .post(
                RequestBody.create(stdinBytes, MediaType.get("application/x-www-form-urlencoded")))
            .build();

    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code());
      System.out.println(response.body().string());
    }
  }

  /** Like curl -d @file: carriage returns and newlines are dropped. */
  private static byte[] withoutNewlines(byte[] data) {
    String text = new String(data, StandardCharsets.ISO_8859_1);
    return text.replace("\r", "").replace("\n", "").getBytes(StandardCharsets.ISO_8859_1);
  }
}
