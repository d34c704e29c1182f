import httpx

files = {"a": (None, "1")}

response = httpx.post("https://api.example.com/", files=files)
print(response.status_code)
print(response.text)
