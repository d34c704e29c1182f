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
            var request = new HttpRequestMessage(HttpMethod.Put, "https://api.example.com/blob?a%3d1%0a");
            request.Content = new ByteArrayContent(Encoding.UTF8.GetBytes(""));

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
            }
        }
    }
}
