library(httr)

response <- POST(
  "https://api.example.com/upload",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = list(
    meta = curl::form_data("{\"a\":1}", type = "application/json")
  ),
  encode = "multipart"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
