import httpx

headers = {"Cookie": "id=42"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
