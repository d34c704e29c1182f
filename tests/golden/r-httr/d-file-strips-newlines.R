library(httr)

file_data <- readBin("form.txt", "raw", file.size("form.txt"))
file_data <- file_data[!file_data %in% charToRaw("\r\n")]

response <- POST(
  "https://api.example.com/",
  add_headers(
    Accept = "*/*",
    "Content-Type" = "application/x-www-form-urlencoded"
  ),
  config(followlocation = 0L),
  body = file_data
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
