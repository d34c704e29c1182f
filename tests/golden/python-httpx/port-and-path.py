import httpx

response = httpx.get("http://localhost:8080/api/v1/users/42")
print(response.status_code)
print(response.text)
