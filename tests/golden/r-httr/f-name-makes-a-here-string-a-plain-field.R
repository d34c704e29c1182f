library(httr)

response <- POST(
  "https://api.example.com/upload",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = list(
    msg = "hello there\n",
    b = "2"
  ),
  encode = "multipart"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
