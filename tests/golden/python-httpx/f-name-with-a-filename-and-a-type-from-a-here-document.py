import httpx

files = {"doc": ("notes.txt", "# Notes\nline two\n", "text/markdown"), "a": (None, "1")}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
