import requests

response = requests.get("https://api.example.com/file.zip", allow_redirects=False)
print(response.status_code)
with open("file.zip", "wb") as f:
    f.write(response.content)
