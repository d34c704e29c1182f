library(httr)

response <- GET(
  "https://b.example.com/2",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
