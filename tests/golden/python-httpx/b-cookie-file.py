import httpx

response = httpx.get("http://127.0.0.1/")
print(response.status_code)
print(response.text)
