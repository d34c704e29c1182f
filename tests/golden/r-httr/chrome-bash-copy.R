library(httr)

response <- POST(
  "https://api.example.com/graphql",
  add_headers(
    Accept = "*/*",
    "content-type" = "application/json",
    origin = "https://app.example.com"
  ),
  config(followlocation = 0L),
  body = "{\"query\":\"{ me { name } }\",\"note\":\"it's\"}"
)

cat(status_code(response), "\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\n")
