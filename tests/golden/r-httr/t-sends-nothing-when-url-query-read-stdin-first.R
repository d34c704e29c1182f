library(httr)

response <- PUT(
  "https://api.example.com/blob?a%3d1%0a",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = ""
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
