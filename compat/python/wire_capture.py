"""A tiny recording HTTP server on 127.0.0.1, for seeing what a published client sends.

`CaptureServer(answer)` listens on a free port of 127.0.0.1 in a daemon thread, records every
request (method, path, query, headers, body) in `requests`, and answers with what
`answer(request)` returns: `(status, headers, body)`, body as bytes, str or a JSON-able value.
Used by compat/python/wire_google_new.py (the research behind google-new-clients.md) and by the
wire tests of compat/python/test_google_new_clients.py. Nothing here talks beyond 127.0.0.1.
"""

import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Captured:
    def __init__(self, method, target, headers, body):
        self.method = method
        self.target = target
        split = urllib.parse.urlsplit(target)
        self.path = urllib.parse.unquote(split.path)
        self.raw_query = split.query
        self.query = urllib.parse.parse_qs(split.query, keep_blank_values=True)
        self.headers = {name.lower(): value for name, value in headers.items()}
        self.body = body

    def json(self):
        return json.loads(self.body) if self.body else None

    def as_dict(self):
        body = self.body.decode("utf-8", "replace") if self.body else ""
        try:
            body = json.loads(body) if body else None
        except ValueError:
            pass
        return {"method": self.method, "path": self.path, "query": self.raw_query,
                "headers": self.headers, "body": body}


def json_answer(value, status=200, headers=None):
    return status, {"Content-Type": "application/json; charset=UTF-8", **(headers or {})}, value


class CaptureServer:
    def __init__(self, answer=None):
        self.requests = []
        self.answer = answer or (lambda request: json_answer({}))
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                request = Captured(self.command, self.path, dict(self.headers.items()), body)
                server.requests.append(request)
                status, headers, payload = server.answer(request)
                if not isinstance(payload, (bytes, str)):
                    payload = json.dumps(payload)
                if isinstance(payload, str):
                    payload = payload.encode()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.endpoint = f"127.0.0.1:{self.port}"
        self.url = f"http://{self.endpoint}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)
