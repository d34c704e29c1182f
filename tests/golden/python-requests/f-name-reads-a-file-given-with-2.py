import requests

files = {"f": (None, open("form.txt", "rb"))}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
