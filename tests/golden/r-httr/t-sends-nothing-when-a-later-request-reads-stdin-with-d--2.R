library(httr)

response <- POST(
  "https://api.example.com/form",
  add_headers(
    Accept = "*/*",
    "Content-Type" = "application/x-www-form-urlencoded"
  ),
  config(followlocation = 0L),
  body = "a=1"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
