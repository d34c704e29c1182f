library(httr)

user_id <- Sys.getenv("USER_ID")

response <- GET(
  paste0("https://api.example.com/users/", user_id, "/orders"),
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
