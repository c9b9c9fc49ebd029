#!/usr/bin/env python3
"""Writes a Loop Habit Tracker database (schema 25, the layout of Loop's migrations 09–25) with
HABITS habits × YEARS years of daily history, deterministically from SEED: the bench input of
`almanac import` (docs/PERFORMANCE.md: 100 habits × 10 years in ≤ 3 s).

usage: make-loop-db.py OUT.db [HABITS] [YEARS] [SEED]
"""
import os, random, sqlite3, sys

out = sys.argv[1]
habits = int(sys.argv[2]) if len(sys.argv) > 2 else 100
years = int(sys.argv[3]) if len(sys.argv) > 3 else 10
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
if os.path.exists(out):
    os.remove(out)
db = sqlite3.connect(out)
db.executescript("""
CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text,
  freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
  reminder_min integer, reminder_days integer not null default 127, type integer not null default 0,
  target_type integer not null default 0, target_value real not null default 0, unit text not null default "",
  question text, uuid text);
CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
  timestamp integer not null, value integer not null, notes text);
CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
""")
last_day = 20412  # 2025-11-20 as days since 1970-01-01
days = 365 * years
frequencies = [(1, 1), (1, 1), (1, 1), (3, 7), (5, 7), (1, 7), (2, 3), (10, 30)]
for h in range(1, habits + 1):
    numeric = h % 4 == 0
    num, den = frequencies[h % len(frequencies)]
    db.execute("INSERT INTO Habits VALUES (?,?,?,?,?,?,0,?,?,NULL,NULL,127,?,?,?,?,?,?)",
               (h, 1 if h % 25 == 0 else 0, h % 20, "", den, num, f"Habit {h:03d}", h - 1,
                1 if numeric else 0, 1 if h % 8 == 0 else 0, 8.0 if numeric else 0, "glasses" if numeric else "",
                f"Question {h}?", "%032x" % rng.getrandbits(128)))
    rows = []
    for d in range(last_day - days + 1, last_day + 1):
        r = rng.random()
        if r < 0.03:
            value = 3                       # skip
        elif numeric:
            value = rng.randint(0, 12) * 1000
        elif r < 0.8:
            value = 2                       # done by hand
        elif r < 0.9:
            value = 0
        else:
            continue
        note = "note" if rng.random() < 0.01 else None
        rows.append((h, d * 86_400_000, value, note))
    db.executemany("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?,?,?,?)", rows)
db.execute("PRAGMA user_version = 25")
db.commit()
count = db.execute("SELECT COUNT(*) FROM Repetitions").fetchone()[0]
db.close()
print(f"{out}: Loop schema 25, {habits} habits, {count} repetitions")
