import requests

response = requests.get("https://api.example.com/", timeout=2.5, allow_redirects=False)
print(response.status_code)
print(response.text)
