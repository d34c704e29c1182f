library(httr)

response <- POST(
  "https://api.example.com/items",
  add_headers(Accept = "*/*", "Content-Type" = "application/json"),
  config(followlocation = 0L),
  body = "{\"name\":\"Blue shoes\",\"price\":42.5}"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
