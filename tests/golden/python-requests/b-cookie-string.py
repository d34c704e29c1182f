import requests

cookies = {"session": "abc", "theme": "dark"}

response = requests.get(
    "https://api.example.com/", cookies=cookies, allow_redirects=False
)
print(response.status_code)
print(response.text)
