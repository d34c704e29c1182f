import requests

response = requests.put("https://api.example.com/blob", data="", allow_redirects=False)
print(response.status_code)
print(response.text)
