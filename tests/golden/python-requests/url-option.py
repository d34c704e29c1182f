import requests

response = requests.get("https://api.example.com/u", allow_redirects=False)
print(response.status_code)
print(response.text)
