import requests

headers = {"X-Time": "12:30:00  UTC"}

response = requests.get(
    "https://api.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
