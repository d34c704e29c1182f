#include <stdio.h>

#include <curl/curl.h>

int main(void) {
  CURL *curl = curl_easy_init();
  if (!curl) {
    fputs("curl_easy_init() failed\n", stderr);
    return 1;
  }

  curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/search?a%3d1%26b%3d2%0a");

  CURLcode res = curl_easy_perform(curl);
  if (res != CURLE_OK)
    fprintf(stderr, "curl_easy_perform() failed: %s\n", curl_easy_strerror(res));

  curl_easy_cleanup(curl);
  return res == CURLE_OK ? 0 : 1;
}
