import requests

response = requests.get(
    "https://api.example.com/search?q=blue%20shoes&sort=-price&tags=a,b",
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
