import requests

headers = {"Content-Type": "text/plain"}

response = requests.post(
    "https://api.example.com/", headers=headers, data="hello", allow_redirects=False
)
print(response.status_code)
print(response.text)
