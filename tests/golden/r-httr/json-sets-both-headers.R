library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers("Content-Type" = "application/json", Accept = "application/json"),
  config(followlocation = 0L),
  body = "{\"a\":1}"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
