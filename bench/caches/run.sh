#!/usr/bin/env bash
# Each cache and second implementation switched off, one at a time, beside the build with all
# of them on and nginx, in one run: the app mix (bench/mix) with contracts on and off.
#   build: a worktree of the commit to measure with switches.patch applied (it reads
#          UNDERSTUDY_BENCH_OFF=name,... and turns those caches off), `swift build -c release`
#   usage: run.sh PATH/TO/understudy PROJECT_ROOT [SWITCH...]    (nginx and wrk: bench/kit/setup.sh)
#   SWITCHES default: memo placements encoded plain asciiregex fastpath memberscan adaptive all
#   ROUNDS (default 2) rounds, interleaved; wrk -t2 -c64 -d$DURATION (default 8s) per contender.
# Prints one line per run, then a table: requests/s, server CPU per request, and the ratio of
# requests/s to the build with every cache on (same contracts mode) and to nginx.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); mix=$here/../mix
. "$mix/nginx-conf.sh"
bin=$1; root=$(cd "$2" && pwd); shift 2
switches=("$@"); [ ${#switches[@]} -gt 0 ] || switches=(memo placements encoded plain asciiregex fastpath memberscan adaptive all)
ROUNDS=${ROUNDS:-2}; DURATION=${DURATION:-8s}
every="memo,placements,encoded,plain,asciiregex,fastpath,memberscan,adaptive"
work=$(mktemp -d); chmod 755 "$work"; tsv=$work/requests.tsv; "$mix/requests.tsv.sh" > "$tsv"
port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'; }
pids=(); contenders=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
ready() { for _ in $(seq 1 400); do curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0; sleep 0.05; done; echo "no answer on port $1" >&2; exit 1; }
serve() {  # serve NAME OFF MODE-OPTION
  local p; p=$(port)
  UNDERSTUDY_BENCH_OFF=$2 "$bin" serve --fixtures "$root/fixtures" $3 --port "$p" > "$work/$1.log" 2>&1 & pids+=($!)
  ready "$p"
  curl -s -o /dev/null -X PUT -H 'Content-Type: application/json' -d '{"limit": 1000000000}' "http://127.0.0.1:$p/__understudy/quota/yelp"
  while IFS=$'\t' read -r m target h; do
    code=$(curl -s -o /dev/null -w '%{http_code}' ${h:+-H "$h"} "http://127.0.0.1:$p$target")
    [ "$code" = 200 ] || { echo "$1 answered $target with $code" >&2; exit 1; }
  done < "$tsv"
  contenders+=("$1:$p:${pids[-1]}")
}
for mode in contracts nocontracts; do
  option=$([ $mode = contracts ] && echo "--contracts $root/contracts" || echo --no-contracts)
  serve "$mode" "" "$option"
  for s in "${switches[@]}"; do serve "$mode-$s" "$([ "$s" = all ] && echo "$every" || echo "$s")" "$option"; done
done
# nginx serves the same bodies as files, as bench/mix/run.sh does.
mkdir -p "$work/root"; CP=${contenders[0]#*:}; CP=${CP%%:*}
while IFS=$'\t' read -r m target h; do
  p=$work/root${target%%\?*}/index; mkdir -p "$(dirname "$p")"; [ -f "$p" ] || curl -s -o "$p" ${h:+-H "$h"} "http://127.0.0.1:$CP$target"
done < "$tsv"
NP=$(port)
nginx_conf "$work" "$NP"
nginx -e "$work/error.log" -p "$work" -c "$work/nginx.conf" & pids+=($!)
ready "$NP"; contenders=("nginx:$NP:${pids[-1]}" "${contenders[@]}")
out=$work/runs.txt; : > "$out"
cpu() { local t=0; for p in "$@" $(pgrep -P "$1" || true); do t=$((t + $(awk '{print $14+$15}' /proc/$p/stat))); done; echo $t; }
for round in $(seq 1 "$ROUNDS"); do
  for who in "${contenders[@]}"; do
    name=${who%%:*}; rest=${who#*:}; p=${rest%%:*}; spid=${rest#*:}; c0=$(cpu "$spid")
    j=$(wrk -t2 -c64 -d"$DURATION" --latency -s "$mix/mix.lua" "http://127.0.0.1:$p" -- "$tsv" | sed -n 's/^WRKJSON //p')
    c1=$(cpu "$spid"); j="${j%\}},\"server_cpu_ticks\":$((c1 - c0))}"
    echo "round $round $name $j"; echo "$name $j" >> "$out"
  done
done
python3 - "$out" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, j = line.split(" ", 1); runs.setdefault(name, []).append(json.loads(j))
rps = {n: [d["requests"] / (d["duration_us"] / 1e6) for d in ds] for n, ds in runs.items()}
cpu = {n: [d["server_cpu_ticks"] * 1e4 / d["requests"] for d in ds] for n, ds in runs.items()}
bad = {n: sum(d["non2xx"] + d["errors"] for d in ds) for n, ds in runs.items()}
print("| contender | req/s (median) | CPU µs/request | × all caches on | × nginx | non-2xx |")
print("|---|---|---|---|---|---|")
for name in rps:
    base = name.split("-")[0] if name != "nginx" else "nginx"
    ratio = [a / b for a, b in zip(rps[name], rps[base])]
    vs_nginx = [a / b for a, b in zip(rps[name], rps["nginx"])]
    print(f"| {name} | {statistics.median(rps[name]):,.0f} | {statistics.median(cpu[name]):.2f} | "
          f"{' '.join(f'{r:.2f}' for r in ratio)} | {' '.join(f'{r:.2f}' for r in vs_nginx)} | {bad[name]} |")
PY
