import requests

files = {"x": (None, "y")}

response = requests.post("https://api.example.com/", files=files, allow_redirects=False)
print(response.status_code)
print(response.text)
