import httpx

headers = {"Authorization": "Bearer abc.def"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
