#!/usr/bin/env bash
# Validates a fresh sample backup against docs/backup.schema.json with Python's jsonschema
# (installed from PyPI when missing). Called by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import jsonschema" 2>/dev/null || python3 -m pip install -q jsonschema
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
.build/debug/almanac demo --store "$work/s.sqlite" --habits 12 --years 1 >/dev/null
ALMANAC_NOW=2026-11-20T20:00:00Z .build/debug/almanac backup --store "$work/s.sqlite" --out "$work/b.json" 2>/dev/null
python3 - "$work/b.json" <<'PY'
import json, sys, jsonschema
schema = json.load(open("docs/backup.schema.json"))
backup = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(backup))
for e in errors[:5]: print("schema:", "/".join(map(str, e.absolute_path)), e.message)
bad = dict(backup); bad["version"] = 2
assert list(jsonschema.Draft202012Validator(schema).iter_errors(bad)), "the schema must refuse version 2"
print("The sample backup matches docs/backup.schema.json." if not errors else "The sample backup does NOT match docs/backup.schema.json.")
sys.exit(1 if errors else 0)
PY
