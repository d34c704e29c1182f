import httpx

response = httpx.delete("https://b.example.com/")
print(response.status_code)
print(response.text)
