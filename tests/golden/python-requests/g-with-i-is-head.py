import requests

params = {"a": "1"}

response = requests.head("https://api.example.com/", params=params)
print(response.status_code)
print(response.text)
