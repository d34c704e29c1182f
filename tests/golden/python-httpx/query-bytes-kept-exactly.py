import httpx

response = httpx.get(
    "https://api.example.com/search?q=blue%20shoes&sort=-price&tags=a,b"
)
print(response.status_code)
print(response.text)
