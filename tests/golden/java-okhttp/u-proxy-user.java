import java.net.InetSocketAddress;
import java.net.Proxy;
import okhttp3.Credentials;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

public class Main {
  public static void main(String[] args) throws Exception {
    OkHttpClient client =
        new OkHttpClient.Builder()
            .followRedirects(false)
            .proxy(new Proxy(Proxy.Type.HTTP, new InetSocketAddress("proxy.local", 3128)))
            .proxyAuthenticator(
                (route, response) ->
                    response
                        .request()
                        .newBuilder()
                        .header("Proxy-Authorization", Credentials.basic("pu", "pp"))
                        .build())
            .build();

    Request request = new Request.Builder().url("https://api.example.com/").build();

    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code());
      System.out.println(response.body().string());
    }
  }
}
