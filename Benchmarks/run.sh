#!/usr/bin/env bash
# `make bench`: Almanac's performance figures on the bench store of SPEC section 7
# (100 habits × 10 years, seed 1), printed as a table. Whole commands are timed with
# /usr/bin/time (wall seconds and peak resident memory); hot paths are timed in-process by
# almanac-bench. Record the figures in docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/release/almanac
BENCH=.build/release/almanac-bench
WORK=.build/bench
STORE=$WORK/bench.sqlite
mkdir -p "$WORK"

measure() {   # label, command…: prints wall time and peak memory of the median of 3 runs
  local label=$1; shift
  local runs=() out
  for _ in 1 2 3; do
    /usr/bin/time -o "$WORK/time.txt" -f "%e %M" "$@" >/dev/null 2>&1
    runs+=("$(tail -n 1 "$WORK/time.txt")")
  done
  printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p | awk -v l="$label" '{ printf "%-44s %8.3f s   peak %6.1f MB\n", l, $1, $2/1024 }'
}

echo "== whole commands (median of 3)"
measure "demo --habits 100 --years 10 --seed 1" $BIN demo --store "$STORE" --habits 100 --years 10 --seed 1 --force
measure "status on the bench store" $BIN status --store "$STORE" --as-of 2026-11-20
measure "stats of one habit" $BIN stats run --store "$STORE" --as-of 2026-11-20
echo "== in-process hot paths (median)"
$BENCH "$STORE"
