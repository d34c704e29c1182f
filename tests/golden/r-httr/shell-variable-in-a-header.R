library(httr)

token <- Sys.getenv("TOKEN")

response <- GET(
  "https://api.example.com/",
  add_headers(Accept = "*/*", Authorization = paste0("Bearer ", token)),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
