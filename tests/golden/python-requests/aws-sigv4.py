import requests

response = requests.get("https://bucket.s3.amazonaws.com/k", allow_redirects=False)
print(response.status_code)
print(response.text)
