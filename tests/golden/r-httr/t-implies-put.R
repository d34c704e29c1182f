library(httr)

response <- PUT(
  "https://api.example.com/upload/x.txt",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = readBin("note.txt", "raw", file.size("note.txt"))
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
