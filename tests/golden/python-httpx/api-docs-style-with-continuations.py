import httpx

data = {"amount": "2000", "currency": "usd"}

response = httpx.post(
    "https://api.example.com/v1/charges", data=data, auth=("sk_test_123", "")
)
print(response.status_code)
print(response.text)
