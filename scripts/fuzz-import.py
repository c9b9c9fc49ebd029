#!/usr/bin/env python3
"""A hostile round against the importers: mutate a fixture of every format at random and import it.

Usage: scripts/fuzz-import.py ALMANAC_BINARY SECONDS [SEED]

The fixtures are those of Tests/AlmanacEndToEndTests/ImportFixtures (SQL fixtures are built into
databases first). Each case mutates one of them — JSON values swapped for nasty ones, CSV and
text cells and lines changed, bytes flipped, deleted or inserted, files truncated; SQLite files
get rows updated with nasty values or their bytes damaged — and imports it into a copy of a
small store. What must always hold:
  - the exit status is 0 or 1 (never a crash, a signal or another status);
  - a refusal is exactly one line on stderr, `almanac: Cannot import …` or another sentence,
    with no stack trace;
  - a refused import leaves the store byte-for-byte as it was;
  - no case takes more than 20 s (time grows with the input's size, not with what it unpacks to);
  - an accepted import can be imported again and then changes nothing ("Nothing new"),
    and the store still backs up and restores into a new store.
Prints how many cases ran, were accepted, were refused, and the problems found (exit 1 if any).
"""
import json, os, random, shutil, sqlite3, subprocess, sys, tempfile, threading, time, zipfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzzing import is_one_sentence, mutate_bytes as mutate, remove_store, restores_its_backup, snapshot

BIN, SECONDS = os.path.abspath(sys.argv[1]), float(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "..", "Tests", "AlmanacEndToEndTests", "ImportFixtures")
work = tempfile.mkdtemp(prefix="almanac-fuzz-import-")
ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "ALMANAC_NOW": "2026-11-22T10:00:00Z", "HOME": work}


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, env=ENV, cwd=work, timeout=60)


base = os.path.join(work, "base.sqlite")
assert run("init", "--store", base, "--timezone", "Europe/Berlin").returncode == 0
assert run("habit", "add", "Meditate", "--store", base).returncode == 0
assert run("log", "meditate", "--date", "2025-11-02", "--store", base).returncode == 0

SQL = {name: open(os.path.join(FIX, name + ".sql")).read() for name in ("loop-v22", "loop-v25", "rewire", "tickmate")}
FILES = {name: open(os.path.join(FIX, name), "rb").read() for name in ("habitbull.csv", "habitto.json", "habitat.json", "habit-tracker.json")}
FOLDERS = {"harsh": ["habits", "log"], "lucidpal": sorted(os.listdir(os.path.join(FIX, "lucidpal")))}
CSV_FOLDER = os.path.join(FIX, "loop-csv-export")

NASTY = [None, True, False, 0, -1, 1.5, 1e308, 2**63, -2**63, "", "x", "\u0000", "\u202e", "\ufffe", "2025-02-29",
         "9999-12-31", "1969-12-31", "2026-11-20T10:00:00+25:00", "NaN", "-0", "1e5", "=cmd|' /C calc'!A0",
         "<script>", [], {}, [1, 2], "a" * 300, "YES_MANUAL", "SKIP", "12/31/1969", "2016-02-30", -2150000000]
TABLE_COLUMNS = {"loop-v22": [("Habits", ["name", "freq_num", "freq_den", "color", "type", "target_value", "target_type", "unit"]),
                              ("Repetitions", ["timestamp", "value", "habit"])],
                 "loop-v25": [("Habits", ["name", "uuid", "question", "freq_den"]), ("Repetitions", ["timestamp", "value", "notes"])],
                 "rewire": [("habits", ["name", "schedule", "active_days", "repeating_count", "days", "period"]), ("CHECKINS", ["date", "type", "habit_id"])],
                 "tickmate": [("tracks", ["name", "enabled", "multiple_entries_per_day"]), ("ticks", ["year", "month", "day", "_track_id"])]}


def nasty_sql():
    v = rng.choice(NASTY)
    if isinstance(v, int) and not isinstance(v, bool) and not -2**63 <= v < 2**63:
        return str(v)
    return json.dumps(v) if isinstance(v, (list, dict)) else v


def mutate_json(data):
    doc = json.loads(data)
    for _ in range(rng.randint(1, 3)):
        node, parent, key = doc, None, None
        for _ in range(rng.randint(1, 5)):
            if isinstance(node, dict) and node:
                parent, key = node, rng.choice(list(node.keys()))
            elif isinstance(node, list) and node:
                parent, key = node, rng.randrange(len(node))
            else:
                break
            node = parent[key]
        if parent is None:
            return json.dumps(rng.choice(NASTY)).encode()
        if rng.random() < 0.15 and isinstance(parent, dict):
            del parent[key]
        else:
            parent[key] = rng.choice(NASTY)
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode()


def mutate_bytes(data):
    tokens = [b",", b'"', b" : ", b"\n", b"\r\n", b"\xff", b"\xc3", b"-", b"2016-02-30", b"/", b"!"]
    return mutate(rng, data, tokens, max_ops=6, max_delete=30)


def mutate_text(data):
    lines = data.decode("utf-8").split("\n")
    i = rng.randrange(len(lines))
    cells = lines[i].split(",") if "," in lines[i] else lines[i].split(" : ")
    j = rng.randrange(len(cells))
    cells[j] = str(rng.choice(NASTY))
    lines[i] = ("," if "," in lines[i] else " : ").join(cells)
    return "\n".join(lines).encode()


HARSH_FREQUENCIES = ["9223372036854775807w", "1/2000000000000000000w", "9223372036854775807", "-9223372036854775808",
                     "3/99999999", "99999999999999999999", "0/0", "1/0w"]


def hostile_case(folder):
    """The families of the third hostile round: overflowing integers, generated columns and
    views where tables belong, unterminated quotes, bombs under the cap, NUL in text, pipes."""
    family = rng.choice(["overflow-sql", "harsh-frequency", "generated", "view", "quote", "bomb", "nul", "fifo"])
    if family in ("overflow-sql", "generated", "view", "nul"):
        name = rng.choice(list(SQL))
        path = os.path.join(folder, name + ".db")
        db = sqlite3.connect(path)
        db.executescript(SQL[name])
        table, columns = rng.choice(TABLE_COLUMNS[name])
        if family == "overflow-sql":
            db.execute(f"UPDATE OR IGNORE {table} SET {rng.choice(columns)} = ?", (rng.choice([2**63 - 1, -2**63, 2**31, -2**31 - 1]),))
        elif family == "nul":
            db.execute(f"UPDATE OR IGNORE {table} SET {rng.choice(columns)} = 'a' || char(0) || 'b'")
        else:
            cols = [f'"{r[1]}"' for r in db.execute(f"PRAGMA table_info({table})")]
            victim = f'"{rng.choice(columns)}"'
            db.execute(f"ALTER TABLE {table} RENAME TO old_{table}")
            if family == "generated":
                spec = ", ".join(f"{c} GENERATED ALWAYS AS (hex(zeroblob(400000000))) VIRTUAL" if c == victim else c for c in cols)
                db.execute(f"CREATE TABLE {table} ({spec})")
                plain = [c for c in cols if c != victim]
                db.execute(f"INSERT INTO {table} ({', '.join(plain)}) SELECT {', '.join(plain)} FROM old_{table}")
            else:
                db.execute(f"CREATE VIEW {table} AS SELECT *, hex(zeroblob(400000000)) AS big FROM old_{table}")
        db.commit()
        db.close()
        return path
    if family == "harsh-frequency":
        target = os.path.join(folder, "harsh")
        shutil.copytree(os.path.join(FIX, "harsh"), target)
        open(os.path.join(target, "habits"), "a").write(f"Hostile: {rng.choice(HARSH_FREQUENCIES)}\n")
        return target
    if family == "quote":
        lines = FILES["habitbull.csv"].decode().split("\n")
        i = rng.randrange(1, len(lines) - 1)
        lines[i] = lines[i] + ',"never closed'
        path = os.path.join(folder, "habitbull.csv")
        open(path, "w").write("\n".join(lines))
        return path
    if family == "bomb":
        # A small zip whose one CSV inflates to 70 MB: over the limit of one file, under the cap.
        target = os.path.join(folder, "export.zip")
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
            for root, _, files in os.walk(CSV_FOLDER):
                for f in files:
                    z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), CSV_FOLDER))
            z.writestr("001 Bomb/Checkmarks.csv", "Date,Value,Notes\n2025-11-01,2," + "x" * (70 << 20) + "\n")
        return target
    # A FIFO, fed once by a thread as a shell pipe would be.
    path = os.path.join(folder, "pipe")
    os.mkfifo(path)
    data = FILES[rng.choice(list(FILES))]

    def feed():
        try:
            with open(path, "wb") as f:
                f.write(data)
        except OSError:
            pass
    threading.Thread(target=feed, daemon=True).start()
    return path


def build_case(case):
    """Writes one mutated input under work/case-N and returns its path."""
    folder = os.path.join(work, f"case-{case}")
    os.makedirs(folder)
    kind = rng.choice(["sql", "file", "folder", "loop-csv", "hostile"])
    if kind == "hostile":
        return hostile_case(folder)
    if kind == "sql":
        name = rng.choice(list(SQL))
        path = os.path.join(folder, name + ".db")
        db = sqlite3.connect(path)
        db.executescript(SQL[name])
        for _ in range(rng.randint(1, 3)):
            table, columns = rng.choice(TABLE_COLUMNS[name])
            db.execute(f"UPDATE OR IGNORE {table} SET {rng.choice(columns)} = ? WHERE rowid = (SELECT rowid FROM {table} ORDER BY random() LIMIT 1)", (nasty_sql(),))
        db.commit()
        db.close()
        if rng.random() < 0.2:
            open(path, "wb").write(mutate_bytes(open(path, "rb").read()))
        return path
    if kind == "file":
        name = rng.choice(list(FILES))
        data = FILES[name]
        r = rng.random()
        data = mutate_json(data) if name.endswith(".json") and r < 0.6 else mutate_text(data) if r < 0.8 else mutate_bytes(data)
        path = os.path.join(folder, name)
        open(path, "wb").write(data)
        return path
    if kind == "folder":
        name = rng.choice(list(FOLDERS))
        target = os.path.join(folder, name)
        shutil.copytree(os.path.join(FIX, name), target)
        victim = os.path.join(target, rng.choice(FOLDERS[name]))
        data = open(victim, "rb").read()
        r = rng.random()
        data = mutate_json(data) if victim.endswith(".json") and r < 0.6 else mutate_text(data) if r < 0.8 else mutate_bytes(data)
        open(victim, "wb").write(data)
        return target
    target = os.path.join(folder, "loop-csv-export")
    shutil.copytree(CSV_FOLDER, target)
    csvs = [os.path.join(d, f) for d, _, fs in os.walk(target) for f in fs if f.endswith(".csv")]
    victim = rng.choice(csvs)
    data = open(victim, "rb").read()
    open(victim, "wb").write(mutate_text(data) if rng.random() < 0.7 else mutate_bytes(data))
    if rng.random() < 0.3:
        archive = shutil.make_archive(os.path.join(folder, "export"), "zip", target)
        if rng.random() < 0.3:
            open(archive, "wb").write(mutate_bytes(open(archive, "rb").read()))
        return archive
    return target


cases = accepted = refused = 0
problems = []
deadline = time.time() + SECONDS
while time.time() < deadline:
    cases += 1
    source = build_case(cases)
    store = os.path.join(work, "store.sqlite")
    remove_store(store)
    shutil.copy(base, store)
    before = snapshot(store)
    started = time.time()
    try:
        result = run("import", source, "--store", store)
    except subprocess.TimeoutExpired:
        problems.append(f"case {cases} ({os.path.relpath(source, work)}): still running after 60 s")
        continue
    took = time.time() - started
    err = result.stderr.decode("utf-8", "replace")
    label = f"case {cases} ({os.path.relpath(source, work)}): status {result.returncode}"
    if took > 20:
        problems.append(f"{label}: took {took:.0f} s")
    if result.returncode not in (0, 1):
        problems.append(f"{label}: {err[:300]}")
        continue
    if result.returncode == 1:
        refused += 1
        if not is_one_sentence(err):
            problems.append(f"{label}: not one sentence: {err[:300]}")
        elif snapshot(store) != before:
            problems.append(f"{label}: refused but the store changed")
        else:
            shutil.rmtree(os.path.dirname(source) if not source.endswith(".zip") else os.path.dirname(source))
        continue
    accepted += 1
    if os.path.basename(source) == "pipe":
        shutil.rmtree(os.path.dirname(source))   # a pipe delivers once: nothing to import again
        continue
    again = run("import", source, "--store", store)
    if again.returncode != 0 or b"Nothing new" not in again.stdout:
        problems.append(f"{label}: the second import was not a no-op: {again.stdout[:200]!r} {again.stderr[:200]!r}")
        continue
    if not restores_its_backup(run, store, work):
        problems.append(f"{label}: the imported store does not back up and restore")
        continue
    shutil.rmtree(os.path.dirname(source))

print(f"{cases} cases in {SECONDS:.0f} s: {accepted} imported, {refused} refused, {len(problems)} problems")
for p in problems[:40]:
    print("  " + p)
print(f"(inputs of problems kept in {work})" if problems else "")
sys.exit(1 if problems else 0)
