import requests

response = requests.get("http://127.0.0.1/", allow_redirects=False)
print(response.status_code)
print(response.text)
