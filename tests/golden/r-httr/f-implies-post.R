library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = list(
    a = "1"
  ),
  encode = "multipart"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
