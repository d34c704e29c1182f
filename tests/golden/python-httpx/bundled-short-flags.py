import httpx

response = httpx.get("https://api.example.com/", verify=False, follow_redirects=True)
print(response.status_code)
print(response.text)
