#!/usr/bin/env bash
# Where a start from a snapshot spends its time: uprobes on `main` and on the loading steps
# (loadTree, the walk, the snapshot opened, its records decoded), each step's entry and return
# printed in ms after `main`, for ROUNDS starts (default 3) after one that writes the snapshot.
#   MODE=cold   (default) the page cache, dentries and inodes dropped before each start (root);
#               DROP=1 drops the page cache only (`echo $DROP > /proc/sys/vm/drop_caches`)
#   MODE=warm   nothing dropped
# usage: phases.sh BIN FIXTURES TARGET [serve options]   (perf and root for the probes)
# e.g.   phases.sh .build/release/understudy /tmp/kit/fixtures /v3/businesses/abc --no-contracts
# The time before `main` (the executable's loading) is not shown: perf's own start would be in it.
# Probe names are prefixed (`at_`): perf's event parser takes `load` alone for a keyword.
set -euo pipefail
bin=$(realpath "$1"); fixtures=$2; target=$3; shift 3
MODE=${MODE:-cold}; ROUNDS=${ROUNDS:-3}
here=$(cd "$(dirname "$0")" && pwd); work=$(mktemp -d)
unprobe() { perf probe -q -d 'probe_us:*' 2> /dev/null || true; }
trap 'unprobe; rm -rf "$work"' EXIT
cc -O2 -o "$work/first-answer" "$here/first-answer.c"
nm "$bin" > "$work/symbols"
symbol() { awk -v pattern="$1" '$3 ~ pattern { print $3; exit }' "$work/symbols"; }
probe() {  # probe NAME SYMBOL-PATTERN: entry and return
  local name=$1 found; found=$(symbol "$2")
  [ -n "$found" ] || { echo "no symbol like $2 in $bin" >&2; exit 1; }
  perf probe -q -x "$bin" --add "probe_us:at_${name}=${found}"
  perf probe -q -x "$bin" --add "probe_us:at_${name}_done=${found}%return"
}
unprobe
probe main '^main$'
probe load 'FixtureLoaderO8loadTree4from9snapshots.*LoadErrorVYKFZ$'
probe walk 'DirectoryWalkerO4list5under13includeHidden.*Tf4nnd_n$'
probe open '16FixtureSnapshotsV4openyAC6OpenedVSgSSF$'
probe decode '16FixtureSnapshotsV6decode.*Tf4nnnnnnd_n$'
events=$(perf probe -l 2>/dev/null | awk '$1 ~ /^probe_us:/ && !seen[$1]++ { printf "-e %s ", $1 }')
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()')
mkdir -p "$work/cache"
UNDERSTUDY_CACHE_DIR="$work/cache" "$bin" serve --fixtures "$fixtures" --port "$port" "$@" > /dev/null 2>&1 &
first=$!; "$work/first-answer" "$port" "$target" > /dev/null; kill -INT "$first"; wait "$first" || true
sleep 2.5  # a snapshot's stamps are trusted once their files are two seconds old
for round in $(seq 1 "$ROUNDS"); do
  [ "$MODE" = cold ] && { sync; echo "${DROP:-3}" > /proc/sys/vm/drop_caches; }
  # shellcheck disable=SC2086
  UNDERSTUDY_CACHE_DIR="$work/cache" perf record -q $events -o "$work/perf.data" -- "$bin" serve --fixtures "$fixtures" --port "$port" "$@" > /dev/null 2> "$work/perf.log" &
  "$work/first-answer" "$port" "$target" > /dev/null || { cat "$work/perf.log" >&2; exit 1; }
  pkill -INT -f -- "--port $port" || true
  wait || true
  echo "start $round ($MODE):"
  perf script -i "$work/perf.data" -F time,event 2>/dev/null | awk 'NR == 1 { t0 = $1 } { sub(/^probe_us:at_/, "", $2); sub(/__return/, "", $2); sub(/:$/, "", $2); printf "  %7.1f ms  %s\n", ($1 - t0) * 1000, $2 }'
done
