import requests

data = {"x": "1"}

response = requests.post("https://b.example.com/", data=data, allow_redirects=False)
print(response.status_code)
print(response.text)
