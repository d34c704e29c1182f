library(httr)

response <- POST(
  "https://api.example.com/upload",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = list(
    doc = curl::form_data("# Notes\nline two\n", type = "text/markdown"),
    a = "1"
  ),
  encode = "multipart"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
