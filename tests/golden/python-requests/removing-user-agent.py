import requests
import urllib3

headers = {"User-Agent": urllib3.util.SKIP_HEADER}

response = requests.get(
    "https://api.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
