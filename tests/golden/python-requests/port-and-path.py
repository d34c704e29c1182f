import requests

response = requests.get("http://localhost:8080/api/v1/users/42", allow_redirects=False)
print(response.status_code)
print(response.text)
