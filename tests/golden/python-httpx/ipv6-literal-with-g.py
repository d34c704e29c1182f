import httpx

response = httpx.get("http://[::1]:8080/x")
print(response.status_code)
print(response.text)
