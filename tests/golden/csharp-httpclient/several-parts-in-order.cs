using System;
using System.IO;
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
        var a = new ByteArrayContent(Encoding.UTF8.GetBytes("1"));
        a.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"a\"");
        form.Add(a);
        var f = new ByteArrayContent(File.ReadAllBytes("note.txt"));
        f.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"f\"; filename=\"note.txt\"");
        form.Add(f);
        var b = new ByteArrayContent(Encoding.UTF8.GetBytes("2"));
        b.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"b\"");
        form.Add(b);

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
