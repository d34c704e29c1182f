import requests

files = {"a": (None, "1")}

response = requests.post("https://api.example.com/", files=files, allow_redirects=False)
print(response.status_code)
print(response.text)
