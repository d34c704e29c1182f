import requests

data = {"amount": "2000", "currency": "usd"}

response = requests.post(
    "https://api.example.com/v1/charges",
    data=data,
    auth=("sk_test_123", ""),
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
