import requests

headers = {"Range": "bytes=600-"}

response = requests.get(
    "https://api.example.com/file.bin", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
