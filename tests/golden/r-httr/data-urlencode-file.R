library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers(
    Accept = "*/*",
    "Content-Type" = "application/x-www-form-urlencoded"
  ),
  config(followlocation = 0L),
  body = charToRaw(gsub("%20", "+", curl::curl_escape(rawToChar(readBin("note.txt", "raw", file.size("note.txt")))), fixed = TRUE))
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
