library(httr)

response <- POST("https://api.example.com/", add_headers(Accept = "*/*"))

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
