import requests

response = requests.delete("https://api.example.com/items/1", allow_redirects=False)
print(response.status_code)
print(response.text)
