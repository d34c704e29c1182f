import requests

response = requests.get("https://api.example.com/")
print(response.status_code)
print(response.text)
