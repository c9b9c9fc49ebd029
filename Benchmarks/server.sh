#!/usr/bin/env bash
# The server section of `make bench` (run by Benchmarks/run.sh, or on its own): the shared tables
# of docs/POSTGRES.md at 10^5 stores — 1,000 with a year of 6 habits, 99,000 with 30 days — beside
# the same at 10^3 stores (10 with a year), in a throw-away PostgreSQL 15. The rows are written by
# SQL the way nights of writes lay them down (day by day, every store's day together), each store
# of a login role of its own. Measured: the load, database size and relations, the pages one
# store's year touches before and after `almanac server tidy` against the same store in a schema of
# its own, one store's `status` and `report` as its person at 10^3 and 10^5, the operator's first
# night with 2 workers (until 10^4 stores) and its connection's memory then, `pg_dump
# --schema-only`. Record the figures in docs/PERFORMANCE.md. STORES=… YEARS=… scale it down.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$PWD/.build/release/almanac
WORK=$PWD/.build/bench/server
STORES=${STORES:-100000}
YEARS=${YEARS:-1000}
RUNS=${RUNS:-5}
export ALMANAC_NOW=2026-11-20T20:00:00Z
if [ -z "${ALMANAC_TEST_POSTGRES:-}" ]; then exec bash scripts/pg-server.sh run bash "$0" "$@"; fi
SERVER=${ALMANAC_TEST_POSTGRES%/postgres}     # postgres://postgres@127.0.0.1:PORT
HOSTPORT=${SERVER#*@}
rm -rf "$WORK"; mkdir -p "$WORK"

sql() { PGOPTIONS='-c client_min_messages=warning' psql "$SERVER/$1" -X -q -tA -v ON_ERROR_STOP=1 -c "$2"; }
median() { sort -n | awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }'; }
seconds() {   # command…: its seconds; a command that fails stops the bench with its message
  /usr/bin/time -o "$WORK/time.txt" -f "%e" "$@" >/dev/null 2>"$WORK/stderr.txt" || { echo "failed: $*" >&2; cat "$WORK/stderr.txt" >&2; exit 1; }
  tail -n 1 "$WORK/time.txt"
}
psql_admin() { sql postgres "$1"; }

# load DATABASE PREFIX STORES YEARS: the shared tables with STORES stores named PREFIX1…, each of
# a login role of the same name (the first store's with the server's password: the one measured;
# a password costs 6 ms of hashing a role); the first YEARS have a year of entries, the others 30 days.
load() {
  local db=$1 prefix=$2 n=$3 years=$4 started
  sql postgres "DROP DATABASE IF EXISTS $db" >/dev/null; sql postgres "CREATE DATABASE $db"
  "$BIN" server init -q "$SERVER/$db"
  started=$(date +%s.%N)
  sql "$db" "DO \$\$ BEGIN FOR i IN 1..$n LOOP
      EXECUTE format('CREATE ROLE %I LOGIN IN ROLE almanac_person', '$prefix' || i);
    END LOOP; END \$\$"
  sql "$db" "ALTER ROLE ${prefix}1 PASSWORD '$PGPASSWORD'"
  printf '   %s login roles made in %.1f s\n' "$n" "$(echo "$(date +%s.%N) - $started" | bc -l)"
  started=$(date +%s.%N)
  sql "$db" "
    INSERT INTO almanac.store (name, role) SELECT '$prefix' || i, '$prefix' || i FROM generate_series(1, $n) i ORDER BY i;
    INSERT INTO almanac.settings (store, timeZone, weekStart, storeId, language)
      SELECT id, 'Europe/Berlin', 'monday', md5('s' || id)::uuid::text, 'en' FROM almanac.store;
    INSERT INTO almanac.habit (store, id, name, emoji, unit, unitLabel, target, direction, frequency, color, weight, sortOrder,
                               createdAt, updatedAt, slug, aliases, unloggedMeansNone)
      SELECT s.id, md5('h' || s.id || '-' || k)::uuid::text, 'Habit ' || k, '', 'boolean', '', 1, 'atLeast', '{\"type\":\"daily\"}',
             '#1F6FEB', 1, k, '2025-11-21T07:00:00.000Z', '2025-11-21T07:00:00.000Z', 'habit-' || k, '', 0
      FROM almanac.store s, generate_series(1, 6) k;"
  # Day by day, as nights of writes lay them down: each day's rows of every store together.
  for d in $(seq 364 -1 0); do
    local day; day=$(date -u -d "2026-11-20 - $d days" +%F)
    local last=$n; [ "$d" -ge 30 ] && last=$years
    sql "$db" "INSERT INTO almanac.habitentry (store, id, habitId, dayKey, timestampUtc, kind, value, createdAt)
      SELECT s, md5('e' || s || '-' || k || '-$day')::uuid::text, md5('h' || s || '-' || k)::uuid::text, '$day',
             '${day}T18:00:00.000Z', 'check', 1, '${day}T18:00:00.000Z'
      FROM generate_series(1, $last) s, generate_series(1, 6) k WHERE (s * 7 + k * 3 + $d) % 4 <> 0 ORDER BY s, k"
  done
  sql "$db" "VACUUM (ANALYZE)"; sql "$db" "CHECKPOINT"
  printf '   %s stores (%s with a year) loaded in %.0f s: %s entries, database %s, %s relations\n' "$n" "$years" \
    "$(echo "$(date +%s.%N) - $started" | bc -l)" "$(sql "$db" 'SELECT count(*) FROM almanac.habitentry')" \
    "$(sql "$db" "SELECT pg_size_pretty(pg_database_size('$db'))")" "$(sql "$db" 'SELECT count(*) FROM pg_class')"
}

# pages DATABASE ROLE TABLE STORE: as its person, the pages one store's year touches — heap and
# index pages counted once each, from a bitmap scan (an index scan counts a page again for every
# row it fetches from it) — and the milliseconds of the plan the server chooses.
pages() {
  local query="SELECT habitId, dayKey, kind, value FROM $3 WHERE $4 deletedAt IS NULL AND dayKey <= '2026-11-20'" p t
  p=$(PGOPTIONS='-c client_min_messages=warning -c enable_indexscan=off -c enable_seqscan=off' psql "postgres://$2@$HOSTPORT/$1" -X -q -tA -c \
    "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) $query" | python3 -c 'import json,sys; p=json.load(sys.stdin)[0]["Plan"]; print(p["Shared Hit Blocks"] + p["Shared Read Blocks"])')
  t=$(PGOPTIONS='-c client_min_messages=warning' psql "postgres://$2@$HOSTPORT/$1" -X -q -tA -c \
    "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) $query" | python3 -c 'import json,sys; print(round(json.load(sys.stdin)[0]["Execution Time"], 2))')
  echo "$p $t"
}

# timing DATABASE ROLE: median seconds of `status` and of a first `report` of the role's store.
timing() {
  local url="postgres://$2@$HOSTPORT/$1?store=$2" s=() r=()
  for i in $(seq "$RUNS"); do
    s+=("$(seconds "$BIN" status --store "$url")")
    r+=("$(seconds "$BIN" report -q --store "$url" --out "$WORK/site-$1-$i" --as-of 2026-11-20)")
  done
  echo "$(printf '%s\n' "${s[@]}" | median) $(printf '%s\n' "${r[@]}" | median)"
}

echo "== the shared tables at 10^3 stores (10 with a year)"
load small a 1000 10
read -r small_status small_report < <(timing small a1)
echo "== the shared tables at $STORES stores ($YEARS with a year, the others 30 days)"
load scale s "$STORES" "$YEARS"

echo "== one store's year (6 habits, $(sql scale "SELECT count(*) FROM almanac.habitentry WHERE store = 1") entries): pages read, as its person"
read -r scattered ms1 < <(pages scale s1 almanac.habitentry "store = 1 AND")
"$BIN" copy -q --from "postgres://s1@$HOSTPORT/scale?store=s1" --to "$SERVER/scale?schema=own"
sql scale "VACUUM ANALYZE own.habitentry"; sql scale "GRANT USAGE ON SCHEMA own TO s1; GRANT SELECT ON ALL TABLES IN SCHEMA own TO s1"
read -r own ms2 < <(pages scale s1 own.habitentry "")
sql scale "DROP SCHEMA own CASCADE"   # (the operator would count it as a store of the earlier layout)
t=$(seconds "$BIN" server tidy -q "$SERVER/scale")
read -r tidied ms3 < <(pages scale s1 almanac.habitentry "store = 1 AND")
printf '   its own schema: %s pages (%s ms); shared, as written day by day: %s pages (%s ms); after server tidy (%.0f s): %s pages (%s ms) — %.2f × its own schema (target ≤ 2: %s)\n' \
  "$own" "$ms2" "$scattered" "$ms1" "$t" "$tidied" "$ms3" "$(echo "$tidied / $own" | bc -l)" "$(echo "$tidied <= 2 * $own" | bc -l | sed 's/1/met/; s/0/MISSED/')"

echo "== one store's commands as its person (median of $RUNS)"
read -r big_status big_report < <(timing scale s1)
printf '   status: %.2f s at 10^3, %.2f s at %s (%.2f ×); report: %.2f s at 10^3, %.2f s at %s (%.2f ×) (target ≤ 1.5 ×)\n' \
  "$small_status" "$big_status" "$STORES" "$(echo "$big_status / $small_status" | bc -l)" \
  "$small_report" "$big_report" "$STORES" "$(echo "$big_report / $small_report" | bc -l)"

echo "== pg_dump --schema-only of the database"
t=$(seconds pg_dump --schema-only -d "$SERVER/scale" -f "$WORK/schema.sql")
printf '   %.2f s, %s lines\n' "$t" "$(wc -l < "$WORK/schema.sql")"

echo "== the operator's first night, 2 workers, until 10^4 stores"
sql postgres "DROP ROLE IF EXISTS bench_ops" >/dev/null 2>&1 || true
sql postgres "CREATE ROLE bench_ops LOGIN PASSWORD '$PGPASSWORD' IN ROLE almanac_reader"
sync
started=$(date +%s.%N)
"$BIN" report --each-store "postgres://bench_ops@$HOSTPORT/scale" --out-root "$WORK/www" --workers 2 --quiet &
night=$!
target=$(( STORES < 10000 ? STORES : 10000 ))
while :; do
  done_=$(sql scale "SELECT count(*) FROM almanac.report_night")
  [ "$done_" -ge "$target" ] && break
  kill -0 "$night" 2>/dev/null || break
  sleep 1
done
elapsed=$(echo "$(date +%s.%N) - $started" | bc -l)
memory=$(for pid in $(sql scale "SELECT pid FROM pg_stat_activity WHERE usename = 'bench_ops'"); do
  awk '/^RssAnon/ { print $2 }' "/proc/$pid/status"; done | sort -n | tail -n 1)
kill "$night" 2>/dev/null || true; wait "$night" 2>/dev/null || true
printf '   %s stores in %.0f s: %.1f stores/s (target ≥ 40); an operator connection then holds %.1f MB of its own (target ≤ 50)\n' \
  "$done_" "$elapsed" "$(echo "$done_ / $elapsed" | bc -l)" "$(echo "${memory:-0} / 1024" | bc -l)"
sql postgres "DROP DATABASE small"; sql postgres "DROP DATABASE scale"
rm -rf "$WORK"
