import requests

files = {"doc": ("notes.txt", "# Notes\nline two\n", "text/markdown"), "a": (None, "1")}

response = requests.post(
    "https://api.example.com/upload", files=files, allow_redirects=False
)
print(response.status_code)
print(response.text)
