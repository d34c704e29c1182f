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
  const char *user_id = env("USER_ID");

  CURL *curl = curl_easy_init();
  if (!curl) {
    fputs("curl_easy_init() failed\n", stderr);
    return 1;
  }

  char *url = curl_maprintf("https://api.example.com/users/%s/orders", user_id);

  curl_easy_setopt(curl, CURLOPT_URL, url);

  CURLcode res = curl_easy_perform(curl);
  if (res != CURLE_OK)
    fprintf(stderr, "curl_easy_perform() failed: %s\n", curl_easy_strerror(res));

  curl_free(url);
  curl_easy_cleanup(curl);
  return res == CURLE_OK ? 0 : 1;
}
