import requests

files = {"msg": (None, "hello there\n"), "b": (None, "2")}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
