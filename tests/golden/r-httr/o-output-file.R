library(httr)

response <- GET(
  "https://api.example.com/",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
writeBin(content(response, as = "raw"), "out.json")
