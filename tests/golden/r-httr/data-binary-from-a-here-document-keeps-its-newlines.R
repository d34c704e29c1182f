library(httr)

response <- POST(
  "https://api.example.com/notes",
  add_headers(Accept = "*/*", "Content-Type" = "text/plain"),
  config(followlocation = 0L),
  body = "first line\nsecond line\n"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
