import requests

response = requests.get("https://api.example.com/", allow_redirects=False)
print(response.status_code)
with open("out.json", "wb") as f:
    f.write(response.content)
