import httpx

headers = {"X-Trace-ID": "abc", "accept": "application/json", "X-B": "2"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
