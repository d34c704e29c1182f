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
        var f = new ByteArrayContent(Encoding.UTF8.GetBytes("hello\n"));
        f.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"f\"; filename=\"-\"");
        form.Add(f);
        var g = new ByteArrayContent(Encoding.UTF8.GetBytes(""));
        g.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"g\"; filename=\"-\"");
        form.Add(g);
        var h = new ByteArrayContent(Encoding.UTF8.GetBytes(""));
        h.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"h\"");
        form.Add(h);

        var handler = new HttpClientHandler
        {
            AllowAutoRedirect = false,
        };
        using (var client = new HttpClient(handler))
        {
            var request = new HttpRequestMessage(HttpMethod.Post, "https://api.example.com/upload");
            request.Content = form;

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
            }
        }
    }
}
