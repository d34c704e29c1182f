library(httr)

input <- raw()
stdin_connection <- file("stdin", "rb")
repeat {
  chunk <- readBin(stdin_connection, "raw", 65536)
  if (length(chunk) == 0) break
  input <- c(input, chunk)
}

response <- PUT(
  "https://api.example.com/blob",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L),
  body = input
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
