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
        var doc = new ByteArrayContent(Encoding.UTF8.GetBytes("# Notes\nline two\n"));
        doc.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"doc\"; filename=\"notes.txt\"");
        doc.Headers.TryAddWithoutValidation("Content-Type", "text/markdown");
        form.Add(doc);
        var a = new ByteArrayContent(Encoding.UTF8.GetBytes("1"));
        a.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"a\"");
        form.Add(a);

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
