import requests

cookies = {"lang": "en"}

response = requests.get("http://127.0.0.1/", cookies=cookies, allow_redirects=False)
print(response.status_code)
print(response.text)
