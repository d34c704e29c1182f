import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

response = requests.get("https://api.example.com/", verify=False)
print(response.status_code)
print(response.text)
