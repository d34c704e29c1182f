from http.cookiejar import MozillaCookieJar

import requests

cookie_jar = MozillaCookieJar()
cookie_jar.load("cookies.txt", ignore_discard=True, ignore_expires=True)
for cookie in cookie_jar:
    if cookie.expires == 0:
        cookie.expires = None

response = requests.get("http://127.0.0.1/", cookies=cookie_jar, allow_redirects=False)
print(response.status_code)
print(response.text)
