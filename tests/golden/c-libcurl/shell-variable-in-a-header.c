#include <stdio.h>
#include <stdlib.h>

#include <curl/curl.h>
#include <curl/mprintf.h>

/* An environment variable, or "" when it is not set (as the shell expands it). */
static const char *env(const char *name) {
  const char *value = getenv(name);
  return value ? value : "";
}

int main(void) {
  const char *token = env("TOKEN");

  CURL *curl = curl_easy_init();
  if (!curl) {
    fputs("curl_easy_init() failed\n", stderr);
    return 1;
  }

  struct curl_slist *headers = NULL;
  char *header = curl_maprintf("Authorization: Bearer %s", token);
  headers = curl_slist_append(headers, header);

  curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);

  CURLcode res = curl_easy_perform(curl);
  if (res != CURLE_OK)
    fprintf(stderr, "curl_easy_perform() failed: %s\n", curl_easy_strerror(res));

  curl_slist_free_all(headers);
  curl_free(header);
  curl_easy_cleanup(curl);
  return res == CURLE_OK ? 0 : 1;
}
