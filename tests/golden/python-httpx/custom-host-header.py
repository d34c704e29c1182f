import httpx

headers = {"Host": "internal.example"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
