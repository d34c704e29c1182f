import requests

data = {"a": "1"}

response = requests.patch(
    "https://api.example.com/items/1", data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
