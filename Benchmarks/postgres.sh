#!/usr/bin/env bash
# The PostgreSQL half of `make bench` (run by Benchmarks/run.sh, or on its own after it): the bench
# store of docs/PERFORMANCE.md held in a throw-away PostgreSQL 15 on this machine, against the same
# commands on the SQLite bench store in the same run (pairs taken in turn, median ratio), and the
# scale-out: 200 stores of one year each in one server, all their reports with 1 and 2 workers.
# Needs the bench store that run.sh builds (.build/bench/bench.sqlite). Record the figures in
# docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$PWD/.build/release/almanac
WORK=$PWD/.build/bench
STORE=$WORK/bench.sqlite
RUNS=${RUNS:-5}
STORES=${STORES:-200}
export ALMANAC_NOW=2026-11-20T20:00:00Z
[ -f "$STORE" ] || "$BIN" demo --store "$STORE" --habits 100 --years 10 --seed 1 --force --no-report >/dev/null

if [ -z "${ALMANAC_TEST_POSTGRES:-}" ]; then exec bash scripts/pg-server.sh run bash "$0" "$@"; fi
PG="$ALMANAC_TEST_POSTGRES?schema=bench"

once() {   # command…: prints "seconds peak_kb" of one run
  sync
  /usr/bin/time -o "$WORK/time.txt" -f "%e %M" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; cat "$WORK/time.txt" >&2; exit 1; }
  tail -n 1 "$WORK/time.txt"
}
median() { sort -n | awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }'; }

pair() {   # label, target ratio, "PostgreSQL command", "SQLite command" (before each: optional $PREP_PG / $PREP_SQLITE)
  local label=$1 target=$2 ours=$3 theirs=$4
  local ratios=() pgs=() sqs=() a b
  for _ in $(seq "$RUNS"); do
    [ -n "${PREP_PG:-}" ] && sh -c "$PREP_PG" >/dev/null 2>&1
    read -r a _ < <(once sh -c "$ours")
    [ -n "${PREP_SQLITE:-}" ] && sh -c "$PREP_SQLITE" >/dev/null 2>&1
    read -r b _ < <(once sh -c "$theirs")
    ratios+=("$(echo "$a / $b" | bc -l)"); pgs+=("$a"); sqs+=("$b")
  done
  local r p q; r=$(printf '%s\n' "${ratios[@]}" | median); p=$(printf '%s\n' "${pgs[@]}" | median); q=$(printf '%s\n' "${sqs[@]}" | median)
  printf '%-34s PostgreSQL %6.2f s  SQLite %6.2f s  ratio %4.2f × (target ≤ %s: %s)\n' "$label" "$p" "$q" "$r" "$target" \
    "$(echo "$r <= $target" | bc -l | sed 's/1/met/; s/0/MISSED/')"
}

psql_admin() { psql "$ALMANAC_TEST_POSTGRES" -X -q -tA -v ON_ERROR_STOP=1 -c "$1"; }

echo "== the bench store in PostgreSQL $(psql_admin 'SHOW server_version') (copy from $STORE)"
psql_admin "DROP SCHEMA IF EXISTS bench CASCADE" >/dev/null
read -r t m < <(once "$BIN" copy --from "$STORE" --to "$PG")
printf '   copied in %.2f s (peak %.0f MB): %s habit entries, %s\n' "$t" "$(echo "$m / 1024" | bc -l)" \
  "$(psql_admin 'SELECT count(*) FROM bench.habitentry')" "$(psql_admin "SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'bench' AND c.relkind = 'r'")"
"$BIN" backup --store "$STORE" --out "$WORK/bench-sqlite.json" --as-of 2026-11-20 >/dev/null
"$BIN" backup --store "$PG" --out "$WORK/bench-pg.json" --as-of 2026-11-20 >/dev/null
cmp -s "$WORK/bench-sqlite.json" "$WORK/bench-pg.json" && echo "   backups of both: byte-identical" || { echo "   backups differ!"; exit 1; }

echo "== PostgreSQL ÷ SQLite, the same command on the same store (median of $RUNS pairs)"
rm -rf "$WORK/pg-sites" "$WORK/sq-sites"; mkdir -p "$WORK/pg-sites" "$WORK/sq-sites"
pair "report (first run, empty folder)" 2 \
  "exec '$BIN' report --store '$PG' --out \$(mktemp -u -p '$WORK/pg-sites') --as-of 2026-11-20" \
  "exec '$BIN' report --store '$STORE' --out \$(mktemp -u -p '$WORK/sq-sites') --as-of 2026-11-20"
rm -rf "$WORK/pg-sites" "$WORK/sq-sites"
pair "export csv" 2 "exec '$BIN' export csv --store '$PG' --out '$WORK/pg-csv'" "exec '$BIN' export csv --store '$STORE' --out '$WORK/sq-csv'"
pair "backup" 2 "exec '$BIN' backup --store '$PG' --out '$WORK/pg.json'" "exec '$BIN' backup --store '$STORE' --out '$WORK/sq.json'"
pair "status" 2 "exec '$BIN' status --store '$PG'" "exec '$BIN' status --store '$STORE'"
PREP_PG="psql '$ALMANAC_TEST_POSTGRES' -X -q -c 'DROP SCHEMA IF EXISTS restored CASCADE'" PREP_SQLITE="rm -f '$WORK/restored.sqlite'" \
pair "restore into an empty store" 3 \
  "exec '$BIN' restore '$WORK/bench-sqlite.json' --store '$ALMANAC_TEST_POSTGRES?schema=restored'" \
  "exec '$BIN' restore '$WORK/bench-sqlite.json' --store '$WORK/restored.sqlite'"
PREP_PG="psql '$ALMANAC_TEST_POSTGRES' -X -q -c 'DROP SCHEMA IF EXISTS copied CASCADE'" PREP_SQLITE="rm -f '$WORK/copied.sqlite'" \
pair "copy SQLite → empty store" 3 \
  "exec '$BIN' copy --from '$STORE' --to '$ALMANAC_TEST_POSTGRES?schema=copied'" \
  "exec '$BIN' copy --from '$STORE' --to '$WORK/copied.sqlite'"

echo "== scale-out: $STORES stores of one year each (demo --habits 10 --years 1) in one server"
mkdir -p "$WORK/scale"
"$BIN" demo --store "$WORK/scale/one.sqlite" --habits 10 --years 1 --seed 2 --force --no-report >/dev/null
started=$(date +%s.%N)
seq "$STORES" | xargs -P 2 -I{} sh -c "psql '$ALMANAC_TEST_POSTGRES' -X -q -c 'DROP SCHEMA IF EXISTS p{} CASCADE' >/dev/null 2>&1; '$BIN' copy --from '$WORK/scale/one.sqlite' --to '$ALMANAC_TEST_POSTGRES?schema=p{}' >/dev/null"
printf '   %s stores created (copy from one file) in %.1f s\n' "$STORES" "$(echo "$(date +%s.%N) - $started" | bc -l)"
for workers in 1 2; do
  rm -rf "$WORK/scale/sites"; mkdir -p "$WORK/scale/sites"
  started=$(date +%s.%N)
  seq "$STORES" | xargs -P "$workers" -I{} "$BIN" report --store "$ALMANAC_TEST_POSTGRES?schema=p{}" --out "$WORK/scale/sites/p{}" --as-of 2026-11-20 >/dev/null
  seconds=$(echo "$(date +%s.%N) - $started" | bc -l)
  printf '   reports of all %s stores, %s worker(s): %6.1f s, %5.1f stores/s\n' "$STORES" "$workers" "$seconds" "$(echo "$STORES / $seconds" | bc -l)"
  [ "$workers" = 1 ] && ONE=$seconds
done
printf '   2 workers ÷ 1 worker: %.2f × the throughput\n' "$(echo "$ONE / $seconds" | bc -l)"
for i in $(seq "$STORES"); do echo "DROP SCHEMA IF EXISTS p$i CASCADE;"; done | psql "$ALMANAC_TEST_POSTGRES" -X -q >/dev/null
rm -rf "$WORK/scale"
