library(httr)

response <- GET(
  "https://api.example.com/",
  add_headers("X-Trace-ID" = "abc", Accept = "application/json", "X-B" = "2"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
