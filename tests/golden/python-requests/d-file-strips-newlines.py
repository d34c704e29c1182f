import requests

headers = {"Content-Type": "application/x-www-form-urlencoded"}
with open("form.txt", "rb") as f:
    data = f.read().replace(b"\r", b"").replace(b"\n", b"")

response = requests.post(
    "https://api.example.com/", headers=headers, data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
