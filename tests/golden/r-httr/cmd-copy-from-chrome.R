library(httr)

response <- POST(
  "https://api.example.com/items?a=1&b=2",
  add_headers(
    Accept = "application/json",
    "Content-Type" = "application/x-www-form-urlencoded"
  ),
  config(followlocation = 0L),
  body = "{\"name\":\"a b\"}"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
