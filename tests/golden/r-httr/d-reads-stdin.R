library(httr)

input <- raw()
stdin_connection <- file("stdin", "rb")
repeat {
  chunk <- readBin(stdin_connection, "raw", 65536)
  if (length(chunk) == 0) break
  input <- c(input, chunk)
}
input <- input[!input %in% charToRaw("\r\n")]

response <- POST(
  "https://api.example.com/",
  add_headers(
    Accept = "*/*",
    "Content-Type" = "application/x-www-form-urlencoded"
  ),
  config(followlocation = 0L),
  body = input
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
