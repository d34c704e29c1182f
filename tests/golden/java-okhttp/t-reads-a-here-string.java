import java.nio.charset.StandardCharsets;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

public class Main {
  public static void main(String[] args) throws Exception {
    OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();

    Request request =
        new Request.Builder()
            .url("https://api.example.com/blob")
            .put(RequestBody.create("a=1\n".getBytes(StandardCharsets.UTF_8), null))
            .build();

    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code());
      System.out.println(response.body().string());
    }
  }
}
