import requests

data = {"a": "1"}

response = requests.post(
    "https://api.example.com/form", data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
