#!/usr/bin/env python3
"""Differential check of two `understudy serve` builds: the same generated requests (every
operation of the contracts, filled paths and queries with ordinary and hostile values, valid,
missing, malformed and unknown credentials, wrong methods, If-None-Match, a small yelp quota so
some answers are 429; then every request again, in another order) sent in lockstep to a fresh
server of each; compares status, headers and body of every answer, then the journal,
violations, unmatched and coverage documents (the second each entry was served in aside).

usage: SEED=14 bench/differential/run.py OLD_BINARY NEW_BINARY FIXTURES_DIR CONTRACTS_DIR
Prints each difference (the first five in full) and a summary; any difference is a behaviour change.
"""
import json, os, random, re, socket, subprocess, sys, tempfile, time

old, new, fixtures, contracts = sys.argv[1:5]
rng = random.Random(int(os.environ.get("SEED", "14")))
Y = "Bearer FAKE-understudy-yelp-api-key"; K = "AIza" + "B" * 35; T = "EAAbenchtoken123"
values = ["", "0", "-5", "20", "50", "100", "241", "1e2", "abc", "None", "true", "False", "a,b", "bars,french", "é", "e%CC%81", "%E2%80%A8",
          "%00", "a%0D%0Ab", "37.7749,-122.4194", "ChIJvIOIRITlUBdN6OH1pSlAZxS", "99999999999999999999999", "%2F..%2F", "+", "%", "%ZZ",
          "San%20Francisco,%20CA", "restaurants", "best_match", "rating", "walking", "WEqlq4iL1g3eufXq0OJtzj", "\u00e9"]
ops = []
for f in sorted(os.listdir(contracts)):
    if not f.endswith(".openapi.json"): continue
    doc = json.load(open(os.path.join(contracts, f)))
    version = "/v19.0" if doc.get("x-understudy", {}).get("pathVersion") else ""
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method not in ("get", "post", "put", "delete", "head"): continue
            params = [p for p in op.get("parameters", []) + item.get("parameters", []) if isinstance(p, dict) and "name" in p]
            ops.append((f.split(".")[0], method.upper(), version, path, [p["name"] for p in params if p.get("in") == "query"]))
print(len(ops), "operations", file=sys.stderr)

def target(op):
    provider, method, version, path, names = op
    filled = []
    for seg in path.split("/"):
        while "{" in seg:
            a, b = seg.index("{"), seg.index("}")
            seg = seg[:a] + rng.choice(["v1", "WEqlq4iL1g3eufXq0OJtzj", "ChIJvIOIRITlUBdN6OH1pSlAZxS", "me", "%C3%A9", "x%2Fy", "o"]) + seg[b + 1:]
        filled.append(seg)
    p = "/".join(filled)
    if version and rng.random() < 0.7: p = rng.choice([version, "/v2.8", "/v99.0", "/vX"]) + p
    query = []
    for name in names:
        if rng.random() < 0.6: query.append(name + "=" + rng.choice(values))
    if rng.random() < 0.2: query.append("unknown=" + rng.choice(values))
    if rng.random() < 0.1 and names: query.append(rng.choice(names) + "=" + rng.choice(values))
    cred = rng.random()
    headers = {}
    if provider == "yelp":
        if cred < 0.75: headers["Authorization"] = Y
        elif cred < 0.85: headers["Authorization"] = rng.choice(["Basic abc", "Bearer ", "bearer FAKE-understudy-yelp-api-key", "Bearer bad key"])
    elif provider == "google":
        if cred < 0.8: query.append("key=" + (K if cred < 0.7 else rng.choice(["", "short", "AIza" + "C" * 35])))
    elif provider == "facebook":
        if cred < 0.8: query.append("access_token=" + (T if cred < 0.6 else rng.choice(["", "expired", "EAAexpired", "x"])))
    rng.shuffle(query)
    if rng.random() < 0.1: headers["If-None-Match"] = rng.choice(['"abc"', "*", 'W/"x", "y"'])
    m = method if rng.random() < 0.9 else rng.choice(["GET", "POST", "HEAD", "DELETE", "PUT"])
    return m, p + ("?" + "&".join(query) if query else ""), headers

requests = [target(rng.choice(ops)) for _ in range(2500)]
requests += [("GET", "/", {}), ("GET", "/nowhere?x=1", {}), ("GET", "http://h/v3/businesses/search?location=a", {"Authorization": Y})]
# Every request again, later: the second time their placements are kept.
requests += rng.sample(requests, len(requests))

def start(binary):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    proc = subprocess.Popen([binary, "serve", "--fixtures", fixtures, "--contracts", contracts, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(400):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close(); break
        except OSError: time.sleep(0.05)
    return proc, port

conns = {}
def ask(port, method, target, headers, body=None):
    raw = (method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n").encode()
    for k, v in headers.items(): raw += (k + ": " + v + "\r\n").encode()
    data = body.encode() if body is not None else b""
    raw += b"Content-Length: %d\r\n\r\n" % len(data) + data
    for attempt in range(2):
        s = conns.get(port)
        if s is None:
            s = conns[port] = Conn(socket.create_connection(("127.0.0.1", port), 10), port)
        try:
            s.sendall(raw); return read(s, method)
        except (OSError, ConnectionError):
            conns.pop(port, None)
    raise RuntimeError("no answer")

class Conn:
    def __init__(self, sock, port): self.sock, self.port, self.buf = sock, port, b""
    def sendall(self, data): self.sock.sendall(data)
    def recv(self, n): return self.sock.recv(n)
def read(s, method):
    buf = s.buf
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(65536)
        if not chunk: raise ConnectionError("closed")
        buf += chunk
    head, buf = buf.split(b"\r\n\r\n", 1)
    lines = head.split(b"\r\n"); status = int(lines[0].split()[1])
    headers = [tuple(l.split(b": ", 1)) for l in lines[1:]]
    length = next((int(v) for k, v in headers if k.lower() == b"content-length"), 0)
    if method == "HEAD" or status in (204, 304): length = 0
    while len(buf) < length:
        chunk = s.recv(65536)
        if not chunk: raise ConnectionError("closed")
        buf += chunk
    body, s.buf = buf[:length], buf[length:]
    if any(k.lower() == b"connection" and v.lower() == b"close" for k, v in headers): conns.pop(s.port, None)
    return status, headers, body

servers = [start(old), start(new)]
try:
    for _, port in servers: ask(port, "PUT", "/__understudy/quota/yelp", {}, '{"limit": 60}')
    differ = 0; statuses = {}
    for i, (m, t, h) in enumerate(requests):
        answers = [ask(port, m, t, h) for _, port in servers]
        statuses[answers[0][0]] = statuses.get(answers[0][0], 0) + 1
        if answers[0] != answers[1]:
            differ += 1
            if differ <= 5: print("DIFF", m, t, h, answers[0][:2], answers[1][:2], answers[0][2][:200], answers[1][2][:200])
    for path in ["/__understudy/journal", "/__understudy/violations", "/__understudy/unmatched", "/__understudy/coverage"]:
        a, b = (ask(port, "GET", path, {}) for _, port in servers)
        norm = lambda body: re.sub(rb'"time": "[0-9T:Z-]+"', b'"time": "-"', body)   # the second each was served in
        same = a[0] == b[0] and norm(a[2]) == norm(b[2])
        print(path, "identical" if same else "DIFFERENT", len(a[2]), "bytes")
        if not same:
            differ += 1
            kept = os.path.join(tempfile.gettempdir(), "differential")
            os.makedirs(kept, exist_ok=True)
            name = path.strip("/").replace("/", "-")
            open(os.path.join(kept, name + "-old.json"), "wb").write(a[2]); open(os.path.join(kept, name + "-new.json"), "wb").write(b[2])
            print("  both kept in", kept)
    print(len(requests), "requests,", differ, "differences; statuses", sorted(statuses.items()))
finally:
    for proc, _ in servers: proc.terminate(); proc.wait()
