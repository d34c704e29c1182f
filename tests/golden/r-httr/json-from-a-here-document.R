library(httr)

response <- POST(
  "https://api.example.com/items",
  add_headers("Content-Type" = "application/json", Accept = "application/json"),
  config(followlocation = 0L),
  body = "{\"name\": \"Blue\"}\n"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
