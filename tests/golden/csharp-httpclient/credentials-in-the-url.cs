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
            var request = new HttpRequestMessage(HttpMethod.Get, "https://bob:pw@api.example.com/");
            request.Headers.Authorization = new AuthenticationHeaderValue(
                "Basic",
                Convert.ToBase64String(Encoding.UTF8.GetBytes("bob:pw"))
            );

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
            }
        }
    }
}
