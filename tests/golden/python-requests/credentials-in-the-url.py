import requests

response = requests.get(
    "https://api.example.com/", auth=("bob", "pw"), allow_redirects=False
)
print(response.status_code)
print(response.text)
