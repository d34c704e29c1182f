library(httr)

response <- POST(
  "https://api.example.com/v1/charges",
  add_headers(
    Accept = "*/*",
    "Content-Type" = "application/x-www-form-urlencoded"
  ),
  authenticate("sk_test_123", ""),
  config(followlocation = 0L),
  body = "amount=2000&currency=usd"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
