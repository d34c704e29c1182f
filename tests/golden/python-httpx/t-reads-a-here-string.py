import httpx

response = httpx.put("https://api.example.com/blob", content="a=1\n")
print(response.status_code)
print(response.text)
