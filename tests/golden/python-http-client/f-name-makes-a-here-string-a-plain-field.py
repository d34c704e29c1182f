import http.client
import uuid

boundary = uuid.uuid4().hex


def form_part(headers, data):
    head = f"--{boundary}\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    return head.encode() + data + b"\r\n"


body = b"".join(
    [
        form_part(['Content-Disposition: form-data; name="msg"'], b"hello there\n"),
        form_part(['Content-Disposition: form-data; name="b"'], b"2"),
        f"--{boundary}--\r\n".encode(),
    ]
)
headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/upload", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
