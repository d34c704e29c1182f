import requests

response = requests.delete("https://b.example.com/", allow_redirects=False)
print(response.status_code)
print(response.text)
