import httpx

headers = {"Range": "bytes=0-99"}

response = httpx.get("https://api.example.com/file.bin", headers=headers)
print(response.status_code)
print(response.text)
