import requests

headers = {"X-Trace-ID": "abc", "accept": "application/json", "X-B": "2"}

response = requests.get(
    "https://api.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
