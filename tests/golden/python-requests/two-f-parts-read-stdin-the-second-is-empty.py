import requests

files = {"f": ("-", "hello\n"), "g": ("-", ""), "h": (None, "")}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
