import requests

response = requests.get("https://a.example.com/1", allow_redirects=False)
print(response.status_code)
print(response.text)
