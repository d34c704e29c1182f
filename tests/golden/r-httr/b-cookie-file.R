library(httr)

response <- GET(
  "http://127.0.0.1/",
  add_headers(Accept = "*/*"),
  config(cookiefile = "cookies.txt", followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
