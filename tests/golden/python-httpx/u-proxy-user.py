import httpx

response = httpx.get("https://api.example.com/", proxy="http://pu:pp@proxy.local:3128")
print(response.status_code)
print(response.text)
