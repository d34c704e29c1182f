import http.client
from http.cookiejar import MozillaCookieJar
from urllib.request import Request

cookie_jar = MozillaCookieJar()
cookie_jar.load("cookies.txt", ignore_discard=True, ignore_expires=True)
for cookie in cookie_jar:
    if cookie.expires == 0:
        cookie.expires = None
jar_request = Request("http://127.0.0.1/")
cookie_jar.add_cookie_header(jar_request)
cookies = jar_request.get_header("Cookie", "")
headers = {}
if cookies:
    headers["Cookie"] = cookies

conn = http.client.HTTPConnection("127.0.0.1")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
