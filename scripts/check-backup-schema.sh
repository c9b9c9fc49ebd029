#!/usr/bin/env bash
# Validates a fresh sample backup against docs/backup.schema.json with Python's jsonschema
# (Debian's python3-jsonschema, which `make deps` installs). Called by `make test`. Everything it
# makes stays in a temporary folder: it never touches Output/ or a store of the user's.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=""
for candidate in /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "import jsonschema" 2>/dev/null; then PYTHON=$candidate; break; fi
done
[ -n "$PYTHON" ] || { echo "check-backup-schema: no Python with jsonschema; run 'make deps' (apt-get install python3-jsonschema)." >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
.build/debug/almanac demo --store "$work/s.sqlite" --habits 12 --years 1 --no-report >/dev/null
# A followed app too, so that the sources and the habits' source fields are checked.
cp Tests/AlmanacEndToEndTests/ImportFixtures/loop-v12.db "$work/loop.db"
.build/debug/almanac import "$work/loop.db" --follow --store "$work/s.sqlite" >/dev/null 2>&1
# A nightly plan too, so that settings.nightly is checked.
mkdir "$work/out"
.build/debug/almanac nightly set --store "$work/s.sqlite" --site "$work/out/site" --xlsx "$work/out/h.xlsx" --backups "$work/out/b" --include-journal >/dev/null
ALMANAC_NOW=2026-11-20T20:00:00Z .build/debug/almanac backup --store "$work/s.sqlite" --out "$work/b.json" 2>/dev/null
"$PYTHON" - "$work/b.json" <<'PY'
import json, sys, jsonschema
schema = json.load(open("docs/backup.schema.json"))
backup = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(backup))
assert backup["sources"] and any(h["sourceId"] for h in backup["habits"]), "the sample backup must follow an app"
for e in errors[:5]: print("schema:", "/".join(map(str, e.absolute_path)), e.message)
assert backup["settings"].get("storeId"), "the sample backup must carry the store's identity"
assert backup["settings"]["nightly"]["includeJournal"] is True, "the sample backup must carry a nightly plan"
bad = dict(backup); bad["settings"] = dict(backup["settings"], nightly=dict(backup["settings"]["nightly"], backups="relative/path"))
assert list(jsonschema.Draft202012Validator(schema).iter_errors(bad)), "the schema must refuse a relative nightly place"
bad = dict(backup); bad["version"] = backup["version"] + 1
assert list(jsonschema.Draft202012Validator(schema).iter_errors(bad)), "the schema must refuse a newer version"
bad = dict(backup); bad["settings"] = dict(backup["settings"], storeId="not a uuid")
assert list(jsonschema.Draft202012Validator(schema).iter_errors(bad)), "the schema must refuse a store id that is no UUID"
print("The sample backup matches docs/backup.schema.json." if not errors else "The sample backup does NOT match docs/backup.schema.json.")
sys.exit(1 if errors else 0)
PY
