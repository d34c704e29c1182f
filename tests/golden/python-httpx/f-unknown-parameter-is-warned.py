import httpx

files = {"a": (None, "x")}

response = httpx.post("https://api.example.com/", files=files)
print(response.status_code)
print(response.text)
