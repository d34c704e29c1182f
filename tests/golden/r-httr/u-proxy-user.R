library(httr)

response <- GET(
  "https://api.example.com/",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L, proxy = "http://proxy.local:3128", proxyuserpwd = "pu:pp")
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
