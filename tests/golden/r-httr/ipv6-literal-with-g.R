library(httr)

response <- GET(
  "http://[::1]:8080/x",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
