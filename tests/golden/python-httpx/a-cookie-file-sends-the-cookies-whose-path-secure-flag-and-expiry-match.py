from http.cookiejar import MozillaCookieJar

import httpx

cookie_jar = MozillaCookieJar()
cookie_jar.load("jar.txt", ignore_discard=True, ignore_expires=True)
for cookie in cookie_jar:
    if cookie.expires == 0:
        cookie.expires = None

response = httpx.get("http://127.0.0.1/api/items", cookies=cookie_jar)
print(response.status_code)
print(response.text)
