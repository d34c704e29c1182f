library(httr)

response <- GET(
  "https://api.example.com/file.zip",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
writeBin(content(response, as = "raw"), "file.zip")
