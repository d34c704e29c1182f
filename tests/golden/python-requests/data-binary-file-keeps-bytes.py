import requests

headers = {"Content-Type": "application/octet-stream"}
with open("data.bin", "rb") as f:
    data = f.read()

response = requests.post(
    "https://api.example.com/", headers=headers, data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
