library(httr)

response <- GET(
  "https://bucket.s3.amazonaws.com/k",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
