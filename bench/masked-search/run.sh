#!/usr/bin/env bash
# The responder's CPU per request (bench/responder, in process, one thread) for a legacy Nearby
# Search beside a Nearby Search (New) asked with the mask its fixture was recorded with (the
# answer sent whole) and with a narrower one (the answer parsed, pruned and written), in turn,
# ROUNDS times each. Usage: bench/masked-search/run.sh [ROUNDS] [REQUESTS]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
requests=${2:-3000}
swift build -c release --product responder-bench >/dev/null
for round in $(seq "$rounds"); do
  for name in legacy-nearby places-nearby-recorded-mask places-nearby-narrower-mask; do
    printf 'round %s %-28s ' "$round" "$name"
    .build/release/responder-bench fixtures contracts "bench/masked-search/$name.tsv" "$requests"
  done
done
