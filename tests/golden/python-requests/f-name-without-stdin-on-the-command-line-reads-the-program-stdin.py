import requests

files = {"f": ("-", open("/dev/stdin", "rb")), "g": (None, "x")}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
