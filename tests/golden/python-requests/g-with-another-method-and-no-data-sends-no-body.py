import requests

response = requests.post("https://api.example.com/items", allow_redirects=False)
print(response.status_code)
print(response.text)
