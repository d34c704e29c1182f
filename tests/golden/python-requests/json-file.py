import requests

headers = {"Content-Type": "application/json", "Accept": "application/json"}
with open("body.json", "rb") as f:
    data = f.read()

response = requests.post(
    "https://api.example.com/", headers=headers, data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
