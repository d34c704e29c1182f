library(httr)

base_url <- Sys.getenv("BASE_URL")

response <- GET(
  paste0(base_url, "/items"),
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
