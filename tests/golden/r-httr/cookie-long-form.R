library(httr)

response <- GET(
  "https://api.example.com/",
  add_headers(Accept = "*/*", Cookie = "id=42"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
