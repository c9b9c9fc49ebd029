#!/usr/bin/python3
"""Checks an `almanac export xlsx` workbook against `almanac export csv --raw` of the same store
and as-of day, cell by cell, as a reader of both would: every sheet (a split table's numbered
sheets read as one) has the rows of its CSV file, each cell of the type its column promises
(dates as dates in ISO form, instants as date-times, rates as percentages, numbers as numbers,
flags as booleans, text as text and never a formula) and the CSV's value.

Usage: xlsx-vs-csv.py WORKBOOK CSV_FOLDER [REPORT]   (exit 1 and the problems, one per line)
Needs openpyxl (Debian: python3-openpyxl).
"""
import csv
import datetime
import re
import sys

import openpyxl

SHEETS = {"Habits": "habits.csv", "Days": "daily.csv", "Weeks": "weeks.csv", "Months": "months.csv",
          "Entries": "entries.csv", "Journal": "journal.csv", "Wellbeing": "wellbeing.csv"}
DATES = {"date", "week_start"}
MONTHS = {"month"}
INSTANTS = {"created_at", "archived_at", "timestamp_utc"}
RATES = {"rate_7d", "rate_30d", "rate_365d", "score", "rate_recent", "rate", "weighted_score"}
NUMBERS = {"target", "current_streak", "best_streak", "total_checkins", "total_value", "value", "scale_max",
           "days_done", "done", "due", "pending_done", "pending_due"}
FLAGS = {"in_progress"}


def habit_names(folder):
    with open(f"{folder}/habits.csv", newline="", encoding="utf-8") as f:
        return {row["id"]: row["name"] for row in csv.DictReader(f)}


# Columns only the workbook has, with what each cell must hold: the Wellbeing sheet names the
# rated habit beside its id (a habit whose definition was deleted has no name).
EXTRA = {"Wellbeing": {"habit_name": lambda row, folder: habit_names(folder).get(row["habit_id"].value or "", "")}}


def kind(sheet, column, header):
    if column in DATES: return "date"
    if column in MONTHS: return "month"
    if column in INSTANTS: return "instant"
    if column in RATES: return "rate"
    if column in FLAGS: return "flag"
    if column in NUMBERS: return "number"
    if sheet == "Days" and 0 < header.index(column) < len(header) - 2: return "number"   # a habit's values
    return "text"


def instant(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ") if "." in text else \
        datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")


def check(cell, text, what, column):
    """A problem with one cell, or None."""
    value = cell.value
    if cell.data_type == "f":
        return f"{column}: a formula: {value!r}"
    if text == "":
        return None if value is None else f"{column}: {value!r} where the CSV is empty"
    if what == "date":
        ok = isinstance(value, datetime.datetime) and cell.number_format == "yyyy-mm-dd" and value.date().isoformat() == text
    elif what == "month":
        ok = isinstance(value, datetime.datetime) and cell.number_format == "yyyy-mm" and value.strftime("%Y-%m") == text
    elif what == "instant":
        ok = isinstance(value, datetime.datetime) and cell.number_format == "yyyy-mm-dd hh:mm:ss" \
            and abs((value - instant(text)).total_seconds()) < 0.001
    elif what == "rate":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and "%" in cell.number_format and value == float(text)
    elif what == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value == float(text)
    elif what == "flag":
        ok = isinstance(value, bool) and value == (text == "true")
    else:
        ok = isinstance(value, str) and value == text
    return None if ok else f"{column}: {value!r} ({cell.data_type}, {cell.number_format}) where the CSV says {text!r}"


def main():
    workbook, folder = sys.argv[1], sys.argv[2]
    book = openpyxl.load_workbook(workbook)
    problems = []
    for sheet, name in SHEETS.items():
        parts = [ws for ws in book.worksheets if ws.title == sheet or re.fullmatch(re.escape(sheet) + r" \d+", ws.title)]
        with open(f"{folder}/{name}", newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        header = rows[0]
        extra = EXTRA.get(sheet, {})
        cells = []
        for ws in parts:
            lines = list(ws.iter_rows())
            names = [c.value for c in lines[0] if c.value not in extra]
            if len(names) != len(header) or any(not str(n).startswith(h) for n, h in zip(names, header)):
                problems.append(f"{ws.title}: header {[c.value for c in lines[0]]} against {header} and {sorted(extra)}")
            if ws.freeze_panes != "A2" or not ws.auto_filter.ref or not all(c.font.b for c in lines[0]):
                problems.append(f"{ws.title}: header not bold, frozen and filtered")
            columns = [c.value for c in lines[0]]
            cells += [[cell for cell, name in zip(line, columns) if name not in extra] for line in lines[1:]]
            # A column only the workbook has is checked against what it is made from.
            for name, expected in extra.items():
                if name not in columns:
                    problems.append(f"{ws.title}: no {name} column")
                    continue
                for number, line in enumerate(lines[1:], start=2):
                    row = dict(zip(columns, line))
                    want = expected(row, folder)
                    if (row[name].value or "") != want:
                        problems.append(f"{ws.title} row {number} {name}: {row[name].value!r} where {want!r} is expected")
        if len(cells) != len(rows) - 1:
            problems.append(f"{sheet}: {len(cells)} rows, the CSV has {len(rows) - 1}")
        for number, (line, record) in enumerate(zip(cells, rows[1:]), start=2):
            for cell, text, column in zip(line, record, header):
                problem = check(cell, text, kind(sheet, column, header), column)
                if problem:
                    problems.append(f"{sheet} row {number} {problem}")
    report = "\n".join(problems[:40]) + ("\n" if problems else "")
    if len(sys.argv) > 3:
        open(sys.argv[3], "w", encoding="utf-8").write(report)
    sys.stdout.write(report)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
