import requests

response = requests.post("https://api.example.com/")
print(response.status_code)
print(response.text)
