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
        var form = new MultipartFormDataContent();
        var image = new ByteArrayContent(File.ReadAllBytes("pic.png"));
        image.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\"image\"; filename=\"avatar.png\"");
        image.Headers.TryAddWithoutValidation("Content-Type", "image/png");
        form.Add(image);

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
