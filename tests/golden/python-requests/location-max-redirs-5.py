import requests

session = requests.Session()
session.max_redirects = 5

response = session.get("https://api.example.com/")
print(response.status_code)
print(response.text)
