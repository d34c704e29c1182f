import requests

response = requests.get("https://b.example.com/2", allow_redirects=False)
print(response.status_code)
print(response.text)
