library(httr)

response <- GET(
  "https://api.example.com/",
  add_headers(Accept = "*/*"),
  authenticate("me@example.com", "p@ss word"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
