import httpx

files = {"meta": (None, '{"a":1}', "application/json")}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
