#!/usr/bin/env bash
# The PostgreSQL half of `make bench` (run by Benchmarks/run.sh, or on its own after it): the bench
# store of docs/PERFORMANCE.md held in a throw-away PostgreSQL 15 on this machine, against the same
# commands on the SQLite bench store in the same run (pairs taken in turn, median ratio), a store of
# the shared tables read by its person; and the nightly run of an operator: 200 stores of one year
# each in one database's shared tables, `report --each-store` with 1 and 2 workers and as two copies
# at once, then 2,000 stores. (Benchmarks/server.sh measures the tables at 10^5 stores.)
# Needs the bench store that run.sh builds (.build/bench/bench.sqlite). Record the figures in
# docs/PERFORMANCE.md. SECTION=nightly runs only the operator's nightly run.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$PWD/.build/release/almanac
WORK=$PWD/.build/bench
STORE=$WORK/bench.sqlite
RUNS=${RUNS:-5}
STORES=${STORES:-200}
export ALMANAC_NOW=2026-11-20T20:00:00Z
[ -f "$STORE" ] || [ "${SECTION:-all}" != all ] || "$BIN" demo --store "$STORE" --habits 100 --years 10 --seed 1 --force --no-report >/dev/null

if [ -z "${ALMANAC_TEST_POSTGRES:-}" ]; then exec bash scripts/pg-server.sh run bash "$0" "$@"; fi
SERVER=${ALMANAC_TEST_POSTGRES%/postgres}
HOSTPORT=${SERVER#*@}
PG="postgres://bench_person@$HOSTPORT/postgres?store=bench"
export PGPASSWORD

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

psql_admin() { PGOPTIONS='-c client_min_messages=warning' psql "$ALMANAC_TEST_POSTGRES" -X -q -tA -v ON_ERROR_STOP=1 -c "$1"; }
# drop_sql NAME…: a file of the SQL with which the administrator removes these stores' rows.
drop_sql() {
  local names file="$WORK/drop-$1.sql"; names=$(printf "'%s'," "$@"); names=${names%,}
  cat > "$file" <<SQL
DO \$\$ DECLARE t text; ids bigint[] := ARRAY(SELECT id FROM almanac.store WHERE name IN ($names)); BEGIN
  FOREACH t IN ARRAY ARRAY['habitentry','journalentry','wellbeingentry','habit','category','goal','followedsource','report_night','settings'] LOOP
    EXECUTE format('DELETE FROM almanac.%I WHERE store = ANY (\$1)', t) USING ids;
  END LOOP;
  DELETE FROM almanac.store WHERE id = ANY (ids);
END \$\$;
SQL
  echo "$file"
}
drop_store() { PGOPTIONS='-c client_min_messages=warning' psql "$ALMANAC_TEST_POSTGRES" -X -q -v ON_ERROR_STOP=1 -f "$(drop_sql "$@")" >/dev/null; }
"$BIN" server init -q "$ALMANAC_TEST_POSTGRES"
psql_admin "DO \$\$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bench_person') THEN
  CREATE ROLE bench_person LOGIN PASSWORD '$PGPASSWORD' IN ROLE almanac_person; END IF; END \$\$" >/dev/null

if [ "${SECTION:-all}" = all ]; then   # SECTION=nightly: only the nightly run below
echo "== the bench store in PostgreSQL $(psql_admin 'SHOW server_version') (copy from $STORE)"
drop_store bench
read -r t m < <(once "$BIN" copy --from "$STORE" --to "$PG")
printf '   copied in %.2f s (peak %.0f MB): %s habit entries, %s\n' "$t" "$(echo "$m / 1024" | bc -l)" \
  "$(psql_admin "SELECT count(*) FROM almanac.habitentry WHERE store = (SELECT id FROM almanac.store WHERE name = 'bench')")" \
  "$(psql_admin "SELECT pg_size_pretty(pg_database_size('postgres'))") (the database)"
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
PREP_PG="psql '$ALMANAC_TEST_POSTGRES' -X -q -f '$(drop_sql restored)'" PREP_SQLITE="rm -f '$WORK/restored.sqlite'" \
pair "restore into an empty store" 3 \
  "exec '$BIN' restore '$WORK/bench-sqlite.json' --store '${PG%bench}restored'" \
  "exec '$BIN' restore '$WORK/bench-sqlite.json' --store '$WORK/restored.sqlite'"
PREP_PG="psql '$ALMANAC_TEST_POSTGRES' -X -q -f '$(drop_sql copied)'" PREP_SQLITE="rm -f '$WORK/copied.sqlite'" \
pair "copy SQLite → empty store" 3 \
  "exec '$BIN' copy --from '$STORE' --to '${PG%bench}copied'" \
  "exec '$BIN' copy --from '$STORE' --to '$WORK/copied.sqlite'"

fi

echo "== the nightly run of an operator: $STORES stores of one year each (demo --habits 10 --years 1) in one database's shared tables"
# A database of its own; every store copied from one file by Almanac itself, two at a time (as
# the administrator, whose stores they then are); an operator role, a member of almanac_reader.
rm -rf "$WORK/scale"; mkdir -p "$WORK/scale"   # nothing of an earlier (killed) run counted
NIGHTS="$SERVER/nights"
psql_nights() { PGOPTIONS='-c client_min_messages=warning' psql "$NIGHTS" -X -q -tA -v ON_ERROR_STOP=1 -c "$1"; }
psql_admin "DROP DATABASE IF EXISTS nights" >/dev/null; psql_admin "CREATE DATABASE nights" >/dev/null
"$BIN" server init -q "$NIGHTS"
"$BIN" demo --store "$WORK/scale/one.sqlite" --habits 10 --years 1 --seed 2 --force --no-report >/dev/null
psql_admin "DROP ROLE IF EXISTS bench_ops" >/dev/null 2>&1 || true
make_stores() {   # first last: stores p<first>..p<last>, copied from the file
  seq "$1" "$2" | xargs -P 2 -I{} sh -c "'$BIN' copy --from '$WORK/scale/one.sqlite' --to '$NIGHTS?store=p{}' >/dev/null"
}
psql_admin "CREATE ROLE bench_ops LOGIN PASSWORD 'bench' IN ROLE almanac_reader" >/dev/null
started=$(date +%s.%N)
make_stores 1 "$STORES"
# Long-lived stores are vacuumed and on disk: freshly written rows would otherwise be rewritten on
# their first read (hint bits), and autovacuum and the checkpointer would run during the timings.
psql_nights "VACUUM (FREEZE, ANALYZE)" >/dev/null; psql_admin "CHECKPOINT" >/dev/null
printf '   %s stores made (and vacuumed) in %.1f s\n' "$STORES" "$(echo "$(date +%s.%N) - $started" | bc -l)"
OPS="postgres://bench_ops@$HOSTPORT/nights"
forget() { psql_nights "DELETE FROM almanac.report_night" >/dev/null 2>&1 || true; }
nightly() {   # out-root, workers: prints the seconds of one run into a new folder
  local t; forget; sync
  t=$( { /usr/bin/time -f "%e" env PGPASSWORD=bench "$BIN" report --each-store "$OPS" --out-root "$1" --workers "$2" --quiet; } 2>&1 | tail -n 1)
  echo "$t"
}
for workers in 1 2; do
  times=()
  for i in $(seq "$RUNS"); do times+=("$(nightly "$WORK/scale/w$workers-$i" "$workers")"); done
  t=$(printf '%s\n' "${times[@]}" | median)
  printf '   one process, %s worker(s): %6.2f s, %5.1f stores/s%s\n' "$workers" "$t" "$(echo "$STORES / $t" | bc -l)" \
    "$([ "$workers" = 2 ] && echo " (target ≥ 40 stores/s)")"
  [ "$workers" = 1 ] && ONE=$t
done
# The next night into the folders of the first one (as a nightly run is: each store's site brought
# up to date beside the published one).
forget; sync
t=$( { /usr/bin/time -f "%e" env PGPASSWORD=bench "$BIN" report --each-store "$OPS" --out-root "$WORK/scale/w2-1" --workers 2 --quiet --as-of 2026-11-21; } 2>&1 | tail -n 1)
printf '   the next night into the same folders, 2 workers: %6.2f s, %5.1f stores/s (target ≥ 30 stores/s: %s)\n' "$t" "$(echo "$STORES / $t" | bc -l)" \
  "$(echo "$STORES / $t >= 30" | bc -l | sed 's/1/met/; s/0/MISSED/')"
# A second night over the same folders in which a tenth of the stores changed (one entry each,
# written by psql): every store is read and rendered as on a first night.
first_night=$(printf '%s\n' "${times[@]}" | median)
changed=$((STORES / 10))
psql_nights "UPDATE almanac.habitentry e SET value = value + 1 FROM almanac.store s
  WHERE s.name IN ($(seq -f "'p%g'" 1 "$changed" | paste -sd,)) AND e.store = s.id
    AND e.id = (SELECT max(id) FROM almanac.habitentry WHERE store = s.id)" >/dev/null
forget; sync
t=$( { /usr/bin/time -f "%e" env PGPASSWORD=bench "$BIN" report --each-store "$OPS" --out-root "$WORK/scale/w2-1" --workers 2 --quiet --as-of 2026-11-21; } 2>&1 | tail -n 1)
printf '   a second night, %s of %s stores changed, 2 workers: %6.2f s, %5.1f stores/s (%.1f × the first night)\n' \
  "$changed" "$STORES" "$t" "$(echo "$STORES / $t" | bc -l)" "$(echo "$first_night / $t" | bc -l)"
times=()
for i in $(seq "$RUNS"); do
  forget; sync
  started=$(date +%s.%N)
  PGPASSWORD=bench "$BIN" report --each-store "$OPS" --out-root "$WORK/scale/a-$i" --workers 1 --quiet &
  PGPASSWORD=bench "$BIN" report --each-store "$OPS" --out-root "$WORK/scale/b-$i" --workers 1 --quiet
  wait
  times+=("$(echo "$(date +%s.%N) - $started" | bc -l)")
  # Every store exactly once between the two copies.
  a=$(ls "$WORK/scale/a-$i" | wc -l); b=$(ls "$WORK/scale/b-$i" | wc -l); both=$(comm -12 <(ls "$WORK/scale/a-$i") <(ls "$WORK/scale/b-$i") | wc -l)
  [ "$((a + b))" = "$STORES" ] && [ "$both" = 0 ] || { echo "   two copies rendered $a + $b stores, $both twice!"; exit 1; }
done
t=$(printf '%s\n' "${times[@]}" | median)
printf '   two copies at once, one worker each: %6.2f s (%.2f × one copy; every store exactly once: checked)\n' "$t" "$(echo "$t / $ONE" | bc -l)"
rm -rf "$WORK/scale"/w* "$WORK/scale"/a-* "$WORK/scale"/b-*
BIG=$((STORES * 10))
if [ "${SKIP_BIG:-0}" = 1 ]; then BIG=$STORES; fi
echo "== the same with $BIG stores (linear?)"
make_stores "$((STORES + 1))" "$BIG"
psql_nights "VACUUM (FREEZE, ANALYZE)" >/dev/null; psql_admin "CHECKPOINT" >/dev/null; sync
t=$(nightly "$WORK/scale/big" 2)
printf '   one process, 2 workers: %6.2f s, %5.1f stores/s\n' "$t" "$(echo "$BIG / $t" | bc -l)"
psql_admin "DROP DATABASE nights" >/dev/null
psql_admin "DROP ROLE bench_ops" >/dev/null
rm -rf "$WORK/scale"
