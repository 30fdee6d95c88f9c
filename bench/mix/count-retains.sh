#!/usr/bin/env bash
# Retains, releases and mallocs per request, counted exactly (uprobes, not sampling): `serve`
# answers ROUNDS (default 20) rounds of the mix's requests on one keep-alive connection, after 5
# rounds of warm-up, while `perf stat` counts calls into libswiftCore's reference counting and
# libc's malloc. Needs perf and root (for the probes), and a build linked to the shared libswiftCore
# (the default; a --static-swift-stdlib build has no calls for the probes to see).
# usage: count-retains.sh PATH/TO/understudy PROJECT_ROOT [serve options, e.g. --no-contracts]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$1; root=$(cd "$2" && pwd); shift 2
ROUNDS=${ROUNDS:-20}
core=$(ldd "$bin" | awk '/libswiftCore.so/ {print $3}')
libc=$(ldd "$bin" | awk '/libc.so.6/ {print $3}')
[ -n "$core" ] || { echo "$bin is not linked to a shared libswiftCore" >&2; exit 1; }
for f in swift_retain swift_release swift_bridgeObjectRetain swift_bridgeObjectRelease swift_retain_n swift_release_n; do
  perf probe -q -x "$core" "$f" 2>/dev/null || true
done
perf probe -q -x "$libc" malloc 2>/dev/null || true
work=$(mktemp -d); "$here/requests.tsv.sh" > "$work/requests.tsv"
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()')
"$bin" serve --fixtures "$root/fixtures" --port "$port" "$@" > "$work/serve.log" 2>&1 & pid=$!
trap 'kill $pid 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 400); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.05; done
curl -s -o /dev/null -X PUT -H 'Content-Type: application/json' -d '{"limit": 1000000000}' "http://127.0.0.1:$port/__understudy/quota/yelp"
cat > "$work/client.py" <<'PY'
import http.client, sys
port, rounds, tsv = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
requests = [line.rstrip("\n").split("\t") for line in open(tsv) if line.strip()]
connection = http.client.HTTPConnection("127.0.0.1", port); count = 0
for _ in range(rounds):
    for method, target, *header in requests:
        headers = dict([header[0].split(": ", 1)]) if header and header[0] else {}
        connection.request(method, target, headers=headers); answer = connection.getresponse(); answer.read()
        if answer.status != 200: sys.exit(f"{target} answered {answer.status}")
        count += 1
print(count)
PY
python3 "$work/client.py" "$port" 5 "$work/requests.tsv" > /dev/null
# Only the probes added above: others on the same libraries (from other tools) would be counted too.
events=$(perf probe -l 2>/dev/null | awk '$1 ~ /^probe_libswiftCore:swift_(retain|release|bridgeObjectRetain|bridgeObjectRelease|retain_n|release_n)$|^probe_libc:malloc$/ {print $1}' | sort -u | paste -sd, -)
perf stat -x, -e "$events" -p "$pid" -o "$work/counts.txt" -- python3 "$work/client.py" "$port" "$ROUNDS" "$work/requests.tsv" > "$work/n.txt"
python3 - "$work/counts.txt" "$(cat "$work/n.txt")" <<'PY'
import json, sys
n = int(sys.argv[2]); counts = {}
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) > 2 and f[0].isdigit(): counts[f[2].split(":")[-1]] = round(int(f[0]) / n, 1)
counting = sum(v for k, v in counts.items() if k != "malloc")
print(json.dumps({"requests": n, "per_request": counts, "retains_and_releases": round(counting, 1)}))
PY
