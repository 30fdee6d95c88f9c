#!/usr/bin/env bash
# Retains, releases and mallocs of one start, counted exactly (uprobes, not sampling): from exec
# to the first 200 for TARGET, after a first start that writes the tree's snapshot. Deterministic
# where start times on a shared machine are not. Needs perf and root (for the probes), and a build
# linked to the shared libswiftCore (the default).
# NO_SNAPSHOT=1 counts a start without one instead (no first start: the cache folder is new).
# usage: count-start.sh PATH/TO/understudy FIXTURES TARGET [serve options, e.g. --no-contracts]
# e.g.   count-start.sh .build/release/understudy /tmp/corpus/fixtures '/v3/businesses/abc' --no-contracts
set -euo pipefail
bin=$1; fixtures=$2; target=$3; shift 3
core=$(ldd "$bin" | awk '/libswiftCore.so/ {print $3}')
libc=$(ldd "$bin" | awk '/libc.so.6/ {print $3}')
[ -n "$core" ] || { echo "$bin is not linked to a shared libswiftCore" >&2; exit 1; }
for f in swift_retain swift_release swift_bridgeObjectRetain swift_bridgeObjectRelease swift_retain_n swift_release_n swift_allocObject; do
  perf probe -q -x "$core" "$f" 2>/dev/null || true
done
perf probe -q -x "$libc" malloc 2>/dev/null || true
events=$(perf probe -l 2>/dev/null | awk '/probe_libswiftCore:|probe_libc:malloc/ {print $1}' | sort -u | paste -sd, -)
work=$(mktemp -d); export UNDERSTUDY_CACHE_DIR="$work/cache"
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()')
trap 'rm -rf "$work"' EXIT
# start first|counted [serve options]: one start to the first 200 (bounded: 4,000 tries), then
# SIGTERM. Releases are counted too, but only retains are summed: how much of the tree a stopping
# process frees before it exits varies from run to run.
start() {
  local mode=$1; shift
  if [ "$mode" = counted ]; then
    perf stat -x, -e "$events" -o "$work/counts.txt" -- "$bin" serve --fixtures "$fixtures" --port "$port" "$@" > "$work/serve.log" 2>&1 &
  else
    "$bin" serve --fixtures "$fixtures" --port "$port" "$@" > "$work/serve.log" 2>&1 &
  fi
  local pid=$! answered=no
  for _ in $(seq 1 4000); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$target")" = 200 ] && { answered=yes; break; }
    sleep 0.002
  done
  pkill -TERM -P "$pid" 2>/dev/null || kill -TERM "$pid"; wait "$pid" || true
  [ $answered = yes ] || { echo "no 200 for $target; serve said:" >&2; cat "$work/serve.log" >&2; exit 1; }
}
[ -n "${NO_SNAPSHOT:-}" ] || start first "$@"
start counted "$@"
python3 - "$work/counts.txt" <<'PY'
import json, sys
counts = {}
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) > 2 and f[0].isdigit(): counts[f[2].split(":")[-1]] = int(f[0])
print(json.dumps({"start": counts, "retains": sum(v for k, v in counts.items() if "etain" in k)}))
PY
