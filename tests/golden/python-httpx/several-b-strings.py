import httpx

headers = {"Cookie": "a=1;b=2"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
