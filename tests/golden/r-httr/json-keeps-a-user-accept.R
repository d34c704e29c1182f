library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers(Accept = "text/plain", "Content-Type" = "application/json"),
  config(followlocation = 0L),
  body = "[1]"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
