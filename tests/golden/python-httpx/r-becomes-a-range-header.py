import httpx

headers = {"Range": "bytes=600-"}

response = httpx.get("https://api.example.com/file.bin", headers=headers)
print(response.status_code)
print(response.text)
