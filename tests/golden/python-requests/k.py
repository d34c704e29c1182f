import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

response = requests.get(
    "https://self-signed.example/", verify=False, allow_redirects=False
)
print(response.status_code)
print(response.text)
