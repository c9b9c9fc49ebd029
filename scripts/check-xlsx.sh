#!/usr/bin/env bash
# `make check-xlsx`: exports the demo store as a workbook and as raw CSV, then reads the workbook
# back as its readers would: openpyxl cell by cell against the CSV (scripts/xlsx-vs-csv.py), and,
# where LibreOffice is installed, a headless conversion of every sheet to CSV (each cell as shown),
# written to .build/xlsx-check/ to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
STORE=${STORE:-.demo/almanac-demo.sqlite}
OUT=.build/xlsx-check
rm -rf "$OUT"; mkdir -p "$OUT"
BIN=.build/debug/almanac
"$BIN" export xlsx --store "$STORE" --out "$OUT/almanac.xlsx" --as-of 2026-11-20
"$BIN" export csv --store "$STORE" --raw --out "$OUT/csv" --as-of 2026-11-20 >/dev/null
echo "== openpyxl: every sheet against the CSV export, cell by cell"
/usr/bin/python3 scripts/xlsx-vs-csv.py "$OUT/almanac.xlsx" "$OUT/csv"
echo "   no differences"
if [ -x /usr/bin/soffice ]; then
  echo "== LibreOffice: every sheet to CSV, as shown"
  HOME="$PWD/$OUT/lo-home" LANG=C.UTF-8 soffice --headless \
    --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1' \
    --outdir "$OUT/libreoffice" "$OUT/almanac.xlsx" >/dev/null 2>&1
  for f in "$OUT"/libreoffice/*.csv; do echo "   $f: $(($(wc -l < "$f") - 1)) rows"; done
else
  echo "== LibreOffice is not installed (apt-get install libreoffice-calc-nogui): its check is skipped"
fi
