import requests

response = requests.get(
    "https://api.example.com/", auth=("a", "b"), allow_redirects=False
)
print(response.status_code)
print(response.text)
