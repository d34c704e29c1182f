import requests

data = {"msg": "a&b c\n"}

response = requests.post(
    "https://api.example.com/form", data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
