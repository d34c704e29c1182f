import requests

with open("note.txt", "rb") as f:
    data = f.read()

response = requests.put(
    "https://api.example.com/blob", data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
