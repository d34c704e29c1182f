import http.client
import uuid

boundary = uuid.uuid4().hex
with open("/dev/stdin", "rb") as f:
    file_data = f.read()


def form_part(headers, data):
    head = f"--{boundary}\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    return head.encode() + data + b"\r\n"


body = b"".join(
    [
        form_part(
            [
                'Content-Disposition: form-data; name="f"; filename="-"',
                "Content-Type: application/octet-stream",
            ],
            file_data,
        ),
        form_part(['Content-Disposition: form-data; name="g"'], b"x"),
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
