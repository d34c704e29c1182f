library(httr)

response <- GET(
  "https://api.example.com/",
  add_headers(Accept = "*/*", "X-Time" = "12:30:00  UTC"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
