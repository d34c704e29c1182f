library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers(Accept = "*/*", "Content-Type" = "application/vnd.api+json"),
  config(followlocation = 0L),
  body = "{\"data\":{}}"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
