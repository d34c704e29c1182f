library(httr)

response <- GET(
  "https://api.example.com/search?x=0&q=blue+shoes%0a&page=2",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
