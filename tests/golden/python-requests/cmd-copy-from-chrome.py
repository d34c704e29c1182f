import requests

params = {"a": "1", "b": "2"}
headers = {
    "accept": "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
}

response = requests.post(
    "https://api.example.com/items",
    params=params,
    headers=headers,
    data='{"name":"a b"}',
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
