import httpx

response = httpx.get("https://api.example.com/?q=a+b%2f%c3%a9")
print(response.status_code)
print(response.text)
