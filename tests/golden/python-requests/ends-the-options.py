import requests

response = requests.get("https://api.example.com/x", allow_redirects=False)
print(response.status_code)
print(response.text)
