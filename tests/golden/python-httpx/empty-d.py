import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = httpx.post("https://api.example.com/", headers=headers, content="")
print(response.status_code)
print(response.text)
