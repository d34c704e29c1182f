import requests

files = {"meta": (None, '{"a":1}', "application/json")}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
