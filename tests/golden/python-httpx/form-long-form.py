import httpx

files = {"x": (None, "y")}

response = httpx.post("https://api.example.com/", files=files)
print(response.status_code)
print(response.text)
