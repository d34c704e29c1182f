import requests

response = requests.get("https://api.example.com/", auth=("a", "b"))
print(response.status_code)
print(response.text)
