import requests

response = requests.head("https://api.example.com/")
print(response.status_code)
print(response.text)
