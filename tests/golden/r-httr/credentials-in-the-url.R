library(httr)

response <- GET(
  "https://bob:pw@api.example.com/",
  add_headers(Accept = "*/*"),
  authenticate("bob", "pw"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
