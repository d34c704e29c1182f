using System;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading.Tasks;

class Program
{
    static void Main()
    {
        MainAsync().GetAwaiter().GetResult();
    }

    static async Task MainAsync()
    {
        var handler = new HttpClientHandler
        {
            AllowAutoRedirect = false,
        };
        using (var client = new HttpClient(handler))
        {
            var request = new HttpRequestMessage(HttpMethod.Post, "https://api.example.com/v1/charges");
            request.Headers.Authorization = new AuthenticationHeaderValue(
                "Basic",
                Convert.ToBase64String(Encoding.UTF8.GetBytes("sk_test_123:"))
            );
            request.Content = new ByteArrayContent(Encoding.UTF8.GetBytes("amount=2000&currency=usd"));
            request.Content.Headers.TryAddWithoutValidation("Content-Type", "application/x-www-form-urlencoded");

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
            }
        }
    }
}
