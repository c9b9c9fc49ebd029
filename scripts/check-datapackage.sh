#!/usr/bin/env bash
# Part of `make test`: `export csv` describes its files in datapackage.json, and the frictionless
# package (PyPI) and pandas read them as described — on the demo store with a habit named like a
# formula and the entries of a deleted habit, in the default mode, with --bom and with --raw.
# frictionless and pandas go into a virtual environment under .build (made once, from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
ALMANAC=${ALMANAC:-.build/debug/almanac}
VENV=.build/venv-datapackage
if ! "$VENV/bin/python" -c "import frictionless, pandas" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q frictionless pandas
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export ALMANAC_STORE=$WORK/store.sqlite ALMANAC_NOW=2026-11-20T20:00:00Z
"$ALMANAC" demo --store "$ALMANAC_STORE" --no-report --force >/dev/null
"$ALMANAC" habit add '=HYPERLINK("x")' >/dev/null
"$ALMANAC" log '=HYPERLINK("x")' --date 2026-11-19 >/dev/null
"$ALMANAC" habit add Gone >/dev/null
"$ALMANAC" log gone --date 2026-11-18 >/dev/null
"$ALMANAC" habit delete gone --yes >/dev/null
for mode in "" --bom --raw; do
  echo "== export csv $mode"
  "$ALMANAC" export csv --out "$WORK/csv$mode" $mode >/dev/null
  "$VENV/bin/python" scripts/check-datapackage.py "$WORK/csv$mode"
done
