library(httr)

response <- GET(
  "https://api.example.com/file.bin",
  add_headers(Accept = "*/*", Range = "bytes=600-"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
