import httpx

headers = {"Cookie": "session=abc; theme=dark"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
