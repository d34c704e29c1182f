library(httr)

response <- GET(
  "https://api.example.com/",
  add_headers(Accept = "*/*"),
  config(ssl_verifypeer = 0L, ssl_verifyhost = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
