import requests

response = requests.get(
    "https://api.example.com/", auth=("alice", "pa:ss"), allow_redirects=False
)
print(response.status_code)
print(response.text)
