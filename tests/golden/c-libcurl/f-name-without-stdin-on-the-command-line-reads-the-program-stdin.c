#include <stdio.h>

#include <curl/curl.h>

int main(void) {
  CURL *curl = curl_easy_init();
  if (!curl) {
    fputs("curl_easy_init() failed\n", stderr);
    return 1;
  }

  curl_mime *mime = curl_mime_init(curl);
  curl_mimepart *part;

  part = curl_mime_addpart(mime);
  curl_mime_name(part, "f");
  curl_mime_filedata(part, "/dev/stdin");
  curl_mime_filename(part, "-");

  part = curl_mime_addpart(mime);
  curl_mime_name(part, "g");
  curl_mime_data(part, "x", CURL_ZERO_TERMINATED);

  curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/upload");
  curl_easy_setopt(curl, CURLOPT_MIMEPOST, mime);

  CURLcode res = curl_easy_perform(curl);
  if (res != CURLE_OK)
    fprintf(stderr, "curl_easy_perform() failed: %s\n", curl_easy_strerror(res));

  curl_mime_free(mime);
  curl_easy_cleanup(curl);
  return res == CURLE_OK ? 0 : 1;
}
