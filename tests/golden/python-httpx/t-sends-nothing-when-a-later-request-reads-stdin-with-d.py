import httpx

response = httpx.put("https://api.example.com/blob", content="")
print(response.status_code)
print(response.text)
