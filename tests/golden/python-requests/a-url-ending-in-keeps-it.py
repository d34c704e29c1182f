import requests

response = requests.get("https://api.example.com/items?", allow_redirects=False)
print(response.status_code)
print(response.text)
