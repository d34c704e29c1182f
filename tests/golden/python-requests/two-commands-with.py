import requests

response = requests.get("https://a.example.com/", allow_redirects=False)
print(response.status_code)
print(response.text)
