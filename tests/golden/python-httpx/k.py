import httpx

response = httpx.get("https://self-signed.example/", verify=False)
print(response.status_code)
print(response.text)
