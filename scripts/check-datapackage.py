#!/usr/bin/env python3
"""An `export csv` folder checked as other tools read it: its datapackage.json and every CSV file
validated by the frictionless package (types, keys, foreign keys, dialect, encoding), and every
file read back by pandas with the types the package gives.

Usage: check-datapackage.py FOLDER. Exits 1 with what is wrong.
"""
import json
import pathlib
import sys

import frictionless
import pandas as pd

folder = pathlib.Path(sys.argv[1])
report = frictionless.validate(str(folder / "datapackage.json"))
if not report.valid:
    for task in report.tasks:
        for error in task.errors:
            print(f"{task.name}: {error.type}: {error.message}")
    for error in report.errors:
        print(f"package: {error.type}: {error.message}")
    sys.exit(1)

package = json.loads((folder / "datapackage.json").read_text())
on_disk = sorted(path.name for path in folder.glob("*.csv"))
described = sorted(resource["path"] for resource in package["resources"])
if on_disk != described:
    sys.exit(f"the package describes {described}, the folder holds {on_disk}")

pandas_types = {"string": "string", "integer": "Int64", "number": "Float64", "boolean": "boolean"}
read = frictionless.Package(str(folder / "datapackage.json"))
for resource in package["resources"]:
    fields = resource["schema"]["fields"]
    for field in fields:
        if not field.get("description"):
            sys.exit(f"{resource['path']}: {field['name']} has no description")
    dates = [f["name"] for f in fields if f["type"] in ("date", "datetime")]
    frame = pd.read_csv(folder / resource["path"], encoding=resource["encoding"], keep_default_na=False, na_values=[""],
                        dtype={f["name"]: pandas_types[f["type"]] for f in fields if f["type"] in pandas_types})
    for name in dates:
        frame[name] = pd.to_datetime(frame[name], utc=True, format="ISO8601")
    if list(frame.columns) != [f["name"] for f in fields]:
        sys.exit(f"{resource['path']}: pandas reads the columns {list(frame.columns)}")
    rows = read.get_resource(resource["name"]).read_rows()
    if len(rows) != len(frame):
        sys.exit(f"{resource['path']}: frictionless reads {len(rows)} rows, pandas {len(frame)}")
    print(f"   {resource['path']}: {len(frame)} rows, {len(fields)} typed columns")
print("   datapackage.json: valid, every file read back with its types")
