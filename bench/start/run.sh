#!/usr/bin/env bash
# Time to the first answer of `understudy serve`, builds in turn: spawn to the first 200 for
# TARGET, and the server's CPU until then (user + system, in 10 ms ticks), medians of ROUNDS
# (default 10) after one start not counted.
#   MODE=snapshot   (default) from the tree's snapshot, written by a first start
#   MODE=none       without one: a new, empty cache folder for every start
#   MODE=cold       from the snapshot, with the page cache dropped before every start
#                   (`sync; echo $DROP > /proc/sys/vm/drop_caches`: root); ROUNDS default 3
#   DROP=3          (default) the page cache, dentries and inodes; DROP=1 the page cache only
#                   (file contents and folders' blocks: names and inodes stay cached)
# usage: run.sh FIXTURES TARGET BIN... [-- serve options]   (a C compiler builds the poller)
# e.g.   MODE=none bench/start/run.sh /tmp/kit/fixtures '/v3/businesses/abc' old/understudy new/understudy -- --no-contracts
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fixtures=$1; target=$2; shift 2
bins=(); while [ $# -gt 0 ] && [ "$1" != -- ]; do bins+=("$1"); shift; done; [ "${1:-}" = -- ] && shift
options=("$@")
MODE=${MODE:-snapshot}; ROUNDS=${ROUNDS:-$([ "$MODE" = cold ] && echo 3 || echo 10)}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/first-answer" "$here/first-answer.c"
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()')
declare -A walls cpus
start() {  # start BIN INDEX COUNTED
  local cache="$work/cache-$2"; [ "$MODE" = none ] && { rm -rf "$cache"; mkdir -p "$cache"; }
  [ "$MODE" = cold ] && [ "$3" = yes ] && { sync; echo "${DROP:-3}" > /proc/sys/vm/drop_caches; }
  local t0; t0=$(date +%s%N)
  UNDERSTUDY_CACHE_DIR="$cache" "$1" serve --fixtures "$fixtures" --port "$port" "${options[@]}" > /dev/null 2>&1 &
  local pid=$!
  "$work/first-answer" "$port" "$target" > /dev/null || { kill "$pid" 2>/dev/null || true; echo "no 200 for $target from $1" >&2; exit 1; }
  local t1; t1=$(date +%s%N); local cpu; cpu=$(awk '{print ($14 + $15) * 10}' "/proc/$pid/stat")
  kill -INT "$pid"; wait "$pid" 2>/dev/null || true
  if [ "$3" = yes ]; then walls[$2]="${walls[$2]:-} $(( (t1 - t0) / 1000000 ))"; cpus[$2]="${cpus[$2]:-} $cpu"; fi
}
for i in "${!bins[@]}"; do mkdir -p "$work/cache-$i"; start "${bins[$i]}" "$i" no; done
[ "$MODE" = none ] || sleep 2.5  # a snapshot's stamps are trusted once their files are two seconds old
for _ in $(seq 1 "$ROUNDS"); do for i in "${!bins[@]}"; do start "${bins[$i]}" "$i" yes; done; done
for i in "${!bins[@]}"; do
  python3 -c 'import statistics as s, sys; w = [int(x) for x in sys.argv[2].split()]; c = [int(x) for x in sys.argv[3].split()]
print(f"{sys.argv[1]}: first 200 median {s.median(w):.0f} ms (min {min(w)}, max {max(w)}), CPU median {s.median(c):.0f} ms")' \
    "${bins[$i]}" "${walls[$i]}" "${cpus[$i]}"
done
