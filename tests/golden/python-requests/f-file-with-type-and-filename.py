import requests

files = {"image": ("avatar.png", open("pic.png", "rb"), "image/png")}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
