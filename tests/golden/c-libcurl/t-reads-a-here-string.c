#include <stdio.h>

#include <curl/curl.h>

int main(void) {
  CURL *curl = curl_easy_init();
  if (!curl) {
    fputs("curl_easy_init() failed\n", stderr);
    return 1;
  }

  struct curl_slist *headers = NULL;
  headers = curl_slist_append(headers, "Content-Type:");

  curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/blob");
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PUT");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "a=1\n");

  CURLcode res = curl_easy_perform(curl);
  if (res != CURLE_OK)
    fprintf(stderr, "curl_easy_perform() failed: %s\n", curl_easy_strerror(res));

  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  return res == CURLE_OK ? 0 : 1;
}
