import requests

data = {"q": "blue shoes & socks"}

response = requests.post("https://api.example.com/", data=data, allow_redirects=False)
print(response.status_code)
print(response.text)
