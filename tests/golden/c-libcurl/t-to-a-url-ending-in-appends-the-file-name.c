#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

/* Reads a whole stream into memory; exits on a read error. */
static char *read_stream(FILE *in, const char *what, size_t *size) {
  char *data = NULL;
  size_t capacity = 0;
  *size = 0;
  for (;;) {
    if (*size == capacity) {
      capacity = capacity ? capacity * 2 : 65536;
      char *grown = realloc(data, capacity);
      if (!grown) {
        fprintf(stderr, "%s: out of memory\n", what);
        exit(EXIT_FAILURE);
      }
      data = grown;
    }
    size_t n = fread(data + *size, 1, capacity - *size, in);
    *size += n;
    if (n == 0)
      break;
  }
  if (ferror(in)) {
    perror(what);
    exit(EXIT_FAILURE);
  }
  return data;
}

/* Reads a whole file into memory; exits when it cannot be read. */
static char *read_file(const char *path, size_t *size) {
  FILE *in = fopen(path, "rb");
  if (!in) {
    perror(path);
    exit(EXIT_FAILURE);
  }
  char *data = read_stream(in, path, size);
  fclose(in);
  return data;
}

/* Appends bytes to a growing buffer; exits when out of memory. */
static void append(char **buffer, size_t *size, const char *data, size_t n) {
  char *grown = realloc(*buffer, *size + n + 1);
  if (!grown) {
    fputs("out of memory\n", stderr);
    exit(EXIT_FAILURE);
  }
  memcpy(grown + *size, data, n);
  *size += n;
  grown[*size] = '\0';
  *buffer = grown;
}

int main(void) {
  CURL *curl = curl_easy_init();
  if (!curl) {
    fputs("curl_easy_init() failed\n", stderr);
    return 1;
  }

  char *body = NULL;
  size_t body_size = 0;
  size_t data_size;
  char *data = read_file("note.txt", &data_size);
  append(&body, &body_size, data, data_size);
  free(data);

  struct curl_slist *headers = NULL;
  headers = curl_slist_append(headers, "Content-Type:");

  curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/upload/note.txt");
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "PUT");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)body_size);

  CURLcode res = curl_easy_perform(curl);
  if (res != CURLE_OK)
    fprintf(stderr, "curl_easy_perform() failed: %s\n", curl_easy_strerror(res));

  curl_slist_free_all(headers);
  free(body);
  curl_easy_cleanup(curl);
  return res == CURLE_OK ? 0 : 1;
}
