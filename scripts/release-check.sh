#!/usr/bin/env bash
# The release build — what `make release` makes and people install — against the debug build the
# tests ran: the same commands on copies of one small store write the same files
# (docs/RELIABILITY.md). What only optimization shows (a miscompile, code that behaves otherwise
# once inlined across files) fails here instead of in a user's cron job.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export ALMANAC_NOW=2026-11-20T20:00:00Z
.build/debug/almanac demo --store "$WORK/store.sqlite" --habits 12 --years 2 --seed 3 --force --no-report >/dev/null
# The same store with one more check (logged once: an entry's id is random).
cp "$WORK/store.sqlite" "$WORK/more.sqlite"
.build/debug/almanac log "Drink water" 1 --add --store "$WORK/more.sqlite" --date 2026-11-19 >/dev/null
for build in release debug; do
  BIN=.build/$build/almanac
  S="$WORK/$build.sqlite"
  cp "$WORK/store.sqlite" "$S"
  "$BIN" report --store "$S" --out "$WORK/$build-site" --as-of 2026-11-19 --include-notes --include-journal >/dev/null
  # The next night into the same folder, with what the previous run kept; then once more after
  # one more check.
  "$BIN" report --store "$S" --out "$WORK/$build-site" --as-of 2026-11-20 >/dev/null
  cp "$WORK/more.sqlite" "$S"
  "$BIN" report --store "$S" --out "$WORK/$build-site" --as-of 2026-11-20 >/dev/null
  "$BIN" export csv --store "$S" --out "$WORK/$build-csv" --as-of 2026-11-20 >/dev/null
  "$BIN" export xlsx --store "$S" --out "$WORK/$build.xlsx" --as-of 2026-11-20 >/dev/null
  "$BIN" backup --store "$S" --out "$WORK/$build.json" --as-of 2026-11-20 >/dev/null
  "$BIN" restore "$WORK/$build.json" --store "$WORK/$build-restored.sqlite" >/dev/null
  "$BIN" backup --store "$WORK/$build-restored.sqlite" --out "$WORK/$build-again.json" --as-of 2026-11-20 >/dev/null
done
# The manifests name the build in their keys; every other byte is the same.
diff -r --exclude=manifest.json "$WORK/release-site" "$WORK/debug-site"
diff -r "$WORK/release-csv" "$WORK/debug-csv"
cmp "$WORK/release.xlsx" "$WORK/debug.xlsx"
cmp "$WORK/release.json" "$WORK/debug.json"
cmp "$WORK/release.json" "$WORK/release-again.json"
echo "release-check: the release build wrote the debug build's files ($(find "$WORK/release-site" -type f | wc -l) site files, $(ls "$WORK/release-csv" | wc -l) CSV files, the workbook, the backup and its restore)"
