import httpx

response = httpx.request("PROPFIND", "https://dav.example.com/files/")
print(response.status_code)
print(response.text)
