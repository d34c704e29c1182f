import okhttp3.Headers;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

public class Main {
  public static void main(String[] args) throws Exception {
    String token = System.getenv().getOrDefault("TOKEN", "");

    Headers headers =
        new Headers.Builder().addUnsafeNonAscii("Authorization", "Bearer " + token).build();

    OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();

    Request request =
        new Request.Builder().url("https://api.example.com/").headers(headers).build();

    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code());
      System.out.println(response.body().string());
    }
  }
}
