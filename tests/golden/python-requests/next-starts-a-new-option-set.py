import requests

headers = {"X-A": "1"}

response = requests.get(
    "https://a.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
