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
        var form = new MultipartFormDataContent();
        var x = new ByteArrayContent(Encoding.UTF8.GetBytes("y"));
        x.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"x\"");
        form.Add(x);

        var handler = new HttpClientHandler
        {
            AllowAutoRedirect = false,
        };
        using (var client = new HttpClient(handler))
        {
            var request = new HttpRequestMessage(HttpMethod.Post, "https://api.example.com/");
            request.Content = form;

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
            }
        }
    }
}
