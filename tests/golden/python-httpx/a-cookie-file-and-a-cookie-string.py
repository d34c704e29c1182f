import httpx

headers = {"Cookie": "lang=en"}

response = httpx.get("http://127.0.0.1/", headers=headers)
print(response.status_code)
print(response.text)
