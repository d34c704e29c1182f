library(httr)

response <- GET(
  "http://localhost:8080/api/v1/users/42",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
