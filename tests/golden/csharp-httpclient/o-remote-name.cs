using System;
using System.IO;
using System.Net.Http;
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
            var request = new HttpRequestMessage(HttpMethod.Get, "https://api.example.com/file.zip");

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                var data = await response.Content.ReadAsByteArrayAsync();
                File.WriteAllBytes("file.zip", data);
            }
        }
    }
}
