library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers(Accept = "*/*", "Content-Type" = "text/plain"),
  config(followlocation = 0L),
  body = "hello"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
