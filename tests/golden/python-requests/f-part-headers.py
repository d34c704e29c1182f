import requests

files = {"f": ("note.txt", open("note.txt", "rb"), None, {"X-Part": "1"})}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
