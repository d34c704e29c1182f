import requests

response = requests.put(
    "https://api.example.com/blob", data="a=1\n", allow_redirects=False
)
print(response.status_code)
print(response.text)
