library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers(
    Accept = "*/*",
    "Content-Type" = "application/x-www-form-urlencoded"
  ),
  config(followlocation = 0L),
  body = c(charToRaw("msg="), charToRaw(gsub("%20", "+", curl::curl_escape(rawToChar(readBin("form.txt", "raw", file.size("form.txt")))), fixed = TRUE)))
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
