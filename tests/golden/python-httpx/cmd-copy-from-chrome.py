import httpx

params = {"a": "1", "b": "2"}
headers = {
    "accept": "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
}

response = httpx.post(
    "https://api.example.com/items",
    params=params,
    headers=headers,
    content='{"name":"a b"}',
)
print(response.status_code)
print(response.text)
