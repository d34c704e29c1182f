import requests

response = requests.get("http://[::1]:8080/x", allow_redirects=False)
print(response.status_code)
print(response.text)
