library(httr)

response <- POST(
  "https://api.example.com/upload",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = list(
    f = curl::form_data(readBin("form.txt", "raw", file.size("form.txt")))
  ),
  encode = "multipart"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
