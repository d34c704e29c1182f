using System;
using System.Net.Http;
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
            var request = new HttpRequestMessage(HttpMethod.Post, "https://api.example.com/form");
            request.Content = new ByteArrayContent(Encoding.UTF8.GetBytes("a=1"));
            request.Content.Headers.TryAddWithoutValidation("Content-Type", "application/x-www-form-urlencoded");

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
            }
        }
    }
}
