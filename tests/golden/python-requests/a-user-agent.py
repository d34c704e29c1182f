import requests

headers = {"User-Agent": "MyApp/1.0"}

response = requests.get(
    "https://api.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
