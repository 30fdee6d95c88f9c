#!/usr/bin/env python3
"""Issue 42's N1 attack on the target memo: 8,192 fixtures whose choice reads the header `x-k`,
then 16,384 targets each sent twice with a 60 KB `X-K` on one keep-alive connection. Prints the
server's resident memory before, at its peak (VmHWM) and after. Linux only (/proc).

usage: bench/hostile/memo-headers.py PATH/TO/understudy [TARGETS]
"""
import json, os, socket, subprocess, sys, tempfile, time

binary = sys.argv[1]
targets = int(sys.argv[2]) if len(sys.argv) > 2 else 16384
tree = tempfile.mkdtemp(prefix="memo-headers-")
os.makedirs(os.path.join(tree, "yelp"))
for n in range(8192):
    with open(os.path.join(tree, "yelp", f"f{n}.json"), "w") as f:
        json.dump({"understudy": 1, "request": {"method": "GET", "path": f"/items/{n}", "headers": {"x-k": {"present": True}}},
                   "response": {"json": {"n": n}}}, f)
cache = tempfile.mkdtemp(prefix="memo-headers-cache-")
server = subprocess.Popen([binary, "serve", "--fixtures", tree, "--no-contracts", "--port", "0"], stdout=subprocess.PIPE, text=True,
                          env={**os.environ, "UNDERSTUDY_CACHE_DIR": cache})
port = None
deadline = time.monotonic() + 60
while port is None and time.monotonic() < deadline:
    line = server.stdout.readline()
    if line.startswith("Listening on "):
        port = int(line.rsplit(":", 1)[1])
if port is None:
    server.kill(); sys.exit("no 'Listening on' line")

def rss(field):
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return -1

value = "v" * (60 << 10)
before = rss("VmRSS")
s = socket.create_connection(("127.0.0.1", port), 30)
buffer = b""
def answer():
    global buffer
    while b"\r\n\r\n" not in buffer:
        buffer += s.recv(65536)
    head, buffer = buffer.split(b"\r\n\r\n", 1)
    length = int([l.split(b": ")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0])
    while len(buffer) < length:
        buffer += s.recv(65536)
    buffer = buffer[length:]
    return int(head.split(b" ")[1])
started = time.monotonic()
statuses = {}
for n in range(targets):
    for _ in range(2):
        s.sendall(f"GET /items/{n % 8192}?t={n} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-K: {value}\r\n\r\n".encode())
        status = answer(); statuses[status] = statuses.get(status, 0) + 1
s.close()
time.sleep(0.5)
print(json.dumps({"targets": targets, "requests": 2 * targets, "statuses": statuses, "seconds": round(time.monotonic() - started, 1),
                  "rss_before_mb": round(before, 1), "rss_peak_mb": round(rss("VmHWM"), 1), "rss_after_mb": round(rss("VmRSS"), 1)}))
server.terminate(); server.wait()
