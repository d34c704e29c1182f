library(httr)

response <- POST(
  "https://api.example.com/",
  add_headers(Accept = "*/*", "Content-Type" = "application/octet-stream"),
  config(followlocation = 0L),
  body = readBin("data.bin", "raw", file.size("data.bin"))
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
