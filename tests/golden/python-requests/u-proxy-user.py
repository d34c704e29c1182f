import requests

response = requests.get(
    "https://api.example.com/",
    proxies={
        "http": "http://pu:pp@proxy.local:3128",
        "https": "http://pu:pp@proxy.local:3128",
    },
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
