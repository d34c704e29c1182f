import requests

headers = {"X-A": "1"}

response = requests.put(
    "https://api.example.com/x", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
