library(httr)

response <- GET(
  "https://api.example.com/search?a%3d1%26b%3d2%0a",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
