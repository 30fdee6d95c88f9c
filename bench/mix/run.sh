#!/usr/bin/env bash
# The app-mix benchmark: the bundled apps' requests (requests.tsv.sh) under wrk against
#   nginx       the same answer bodies as static files (query ignored: the bytes-only limit)
#   niofloor    bench/nio-floor: SwiftNIO's HTTP/1 server answering pre-encoded bytes by path
#               (only when its binary is given: what `serve` would cost with a free responder)
#   rawfloor    the same binary with --raw: the request's bytes read by its own handler instead
#               of NIO's HTTP decoder, as `serve` reads plain requests
#   contracts   `understudy serve` with the bundled contracts (the default)
#   nocontracts `understudy serve --no-contracts`
# interleaved, ROUNDS rounds (default 2), wrk -t2 -c64 -d$DURATION (default 8s). Each run also
# reports the server's CPU per request (user + system, and system alone, from /proc).
# usage: run.sh PATH/TO/understudy PROJECT_ROOT [PATH/TO/nio-floor]   (nginx and wrk: bench/kit/setup.sh)
# Last line: a JSON summary; before it one line per run. Yelp's daily quota is lifted first
# (faithful behaviour, not load).
#
# Grown from the peer-comparison kit's mix script (bench/kit/README.md). Its mktemp folder is made
# readable (mode 755): at mode 0700 nginx's workers (user www-data) could not read the bodies and
# answered every request 404, so nginx's row was an error page. nginx must answer every request of
# the mix 200 before the load, and none but 2xx under it, or the script fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/nginx-conf.sh"
bin=$1; root=$(cd "$2" && pwd); floor=${3:-}
ROUNDS=${ROUNDS:-2}; DURATION=${DURATION:-8s}
work=$(mktemp -d); chmod 755 "$work"; tsv=$work/requests.tsv; "$here/requests.tsv.sh" > "$tsv"
port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
ready() { for _ in $(seq 1 400); do curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0; sleep 0.05; done; echo "no answer on port $1" >&2; exit 1; }
CP=$(port); "$bin" serve --fixtures "$root/fixtures" --contracts "$root/contracts" --port "$CP" > "$work/contracts.log" 2>&1 & pids+=($!)
NC=$(port); "$bin" serve --fixtures "$root/fixtures" --no-contracts --port "$NC" > "$work/nocontracts.log" 2>&1 & pids+=($!)
ready "$CP"; ready "$NC"
curl -s -o /dev/null -X PUT -H 'Content-Type: application/json' -d '{"limit": 1000000000}' "http://127.0.0.1:$CP/__understudy/quota/yelp"
mkdir -p "$work/root"
while IFS=$'\t' read -r m target h; do
  code=$(curl -s -o "$work/body" -w '%{http_code}' ${h:+-H "$h"} "http://127.0.0.1:$CP$target")
  [ "$code" = 200 ] || { echo "with contracts, $target answered $code: $(head -c 300 "$work/body")" >&2; exit 1; }
  p=$work/root${target%%\?*}/index; mkdir -p "$(dirname "$p")"; [ -f "$p" ] || cp "$work/body" "$p"
done < "$tsv"
violations=$(curl -s "http://127.0.0.1:$CP/__understudy/violations" | python3 -c 'import json,sys; print(json.load(sys.stdin)["violations"])')
[ "$violations" = 0 ] || { echo "the mix broke the contracts $violations times" >&2; exit 1; }
NP=$(port)
nginx_conf "$work" "$NP"
nginx -e "$work/error.log" -p "$work" -c "$work/nginx.conf" & pids+=($!)
ready "$NP"
# nginx must serve every body with 200, or its row is an error page, not the bytes-only limit
while IFS=$'\t' read -r m target h; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$NP$target")
  [ "$code" = 200 ] || { echo "nginx answered $target with $code: its ratios would not be against the bytes-only limit" >&2; exit 1; }
done < "$tsv"
contenders="nginx:$NP:${pids[2]}"
if [ -n "$floor" ]; then
  FP=$(port); "$floor" "$FP" "$work/root" > "$work/floor.log" 2>&1 & pids+=($!)
  RF=$(port); "$floor" "$RF" "$work/root" --raw > "$work/rawfloor.log" 2>&1 & pids+=($!)
  ready "$FP"; ready "$RF"; contenders="$contenders niofloor:$FP:${pids[3]} rawfloor:$RF:${pids[4]}"
fi
contenders="$contenders contracts:$CP:${pids[0]} nocontracts:$NC:${pids[1]}"
out=$work/runs.txt; : > "$out"
cpu() { local t=0; for p in "$@" $(pgrep -P "$1" || true); do t=$((t + $(awk '{print $14+$15}' /proc/$p/stat))); done; echo $t; }
sys() { local t=0; for p in "$@" $(pgrep -P "$1" || true); do t=$((t + $(awk '{print $15}' /proc/$p/stat))); done; echo $t; }
for round in $(seq 1 "$ROUNDS"); do
  for who in $contenders; do
    spid=${who##*:}; who=${who%:*}; c0=$(cpu "$spid"); s0=$(sys "$spid")
    j=$(wrk -t2 -c64 -d"$DURATION" --latency -s "$here/mix.lua" "http://127.0.0.1:${who##*:}" -- "$tsv" | sed -n 's/^WRKJSON //p')
    c1=$(cpu "$spid"); s1=$(sys "$spid"); j="${j%\}},\"server_cpu_ticks\":$((c1 - c0)),\"server_sys_ticks\":$((s1 - s0))}"
    echo "round $round ${who%%:*} $j"; echo "${who%%:*} $j" >> "$out"
  done
done
python3 - "$out" <<'PY'
import json, sys
agg = {}
for line in open(sys.argv[1]):
    name, j = line.split(" ", 1); agg.setdefault(name, []).append(json.loads(j))
rps = {n: [d["requests"] / (d["duration_us"] / 1e6) for d in ds] for n, ds in agg.items()}
ratio = lambda who: [a / b for a, b in zip(rps[who], rps["nginx"])]
p99 = lambda who: [a["p99_us"] / b["p99_us"] for a, b in zip(agg[who], agg["nginx"])]
print(json.dumps({
    "rps": {n: [round(x) for x in v] for n, v in rps.items()},
    "contracts_x_nginx": [round(x, 2) for x in ratio("contracts")],
    **({"niofloor_x_nginx": [round(x, 2) for x in ratio("niofloor")]} if "niofloor" in rps else {}),
    **({"rawfloor_x_nginx": [round(x, 2) for x in ratio("rawfloor")]} if "rawfloor" in rps else {}),
    "nocontracts_x_nginx": [round(x, 2) for x in ratio("nocontracts")],
    "contracts_p99_x_nginx": [round(x, 2) for x in p99("contracts")],
    "server_cpu_us_per_request": {n: [round(d["server_cpu_ticks"] * 1e4 / d["requests"], 2) for d in ds] for n, ds in agg.items()},
    "server_sys_us_per_request": {n: [round(d["server_sys_ticks"] * 1e4 / d["requests"], 2) for d in ds] for n, ds in agg.items()},
    "bad": {n: sum(d["non2xx"] + d["errors"] for d in ds) for n, ds in agg.items()},
}))
if sum(d["non2xx"] + d["errors"] for d in agg["nginx"]):
    sys.exit("nginx answered non-2xx under load: the ratios are not against the bytes-only limit")
PY
