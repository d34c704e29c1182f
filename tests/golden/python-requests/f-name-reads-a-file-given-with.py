import requests

files = {"f": ("-", open("note.txt", "rb"))}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
