#!/usr/bin/env python3
"""A hostile round against the backup reader: mutate a real backup at random and restore it.

Usage: scripts/fuzz-restore.py ALMANAC_BINARY SECONDS [SEED]

Each case restores a mutated backup (merge or replace, sometimes a dry run) into a copy of a
small store and checks what must always hold:
  - the exit status is 0 or 1 (never a crash, a signal or another status);
  - a refusal is exactly one line on stderr, `almanac: …`, with no stack trace;
  - a refused restore leaves the store byte-for-byte as it was, and no undo copy behind;
  - a store that took a restore still restores its own backup (replace, into a new store).
Prints how many cases ran, were accepted, were refused, and the problems found (exit 1 if any).
"""
import json, os, random, shutil, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzzing import is_one_sentence, mutate_bytes as mutate, remove_store, restores_its_backup, snapshot

BIN, SECONDS = os.path.abspath(sys.argv[1]), float(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
work = tempfile.mkdtemp(prefix="almanac-fuzz-")
ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "ALMANAC_NOW": "2026-11-20T20:00:00Z", "HOME": work}


def run(*args):
    return subprocess.run([BIN, *args], capture_output=True, env=ENV, cwd=work, timeout=60)


base = os.path.join(work, "base.sqlite")
assert run("demo", "--store", base, "--habits", "6", "--years", "1", "--seed", "7", "--no-report").returncode == 0
assert run("backup", "--store", base, "--out", os.path.join(work, "good.json")).returncode == 0
good_bytes = open(os.path.join(work, "good.json"), "rb").read()
good = json.loads(good_bytes)

NASTY = [None, True, False, 0, -1, 1.5, 1e308, 2**63, -2**63, "", "x", "\u0000", "\u202e", "\ufffe", "2025-02-29",
         "9999-12-31", "0001-01-01T00:00:00Z", "1969-12-31", "2026-11-20T10:00:00+25:00", "0x10", "NaN",
         "00000000-0000-0000-0000-000000000000", "=cmd|' /C calc'!A0", "<script>", [], {}, [1, 2], {"type": "x"},
         "a" * 300, {"type": "weekdays", "days": []}, {"type": "perWeek", "times": 99}]


def mutate_json(doc):
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.randint(1, 3)):
        arrays = [k for k, v in doc.items() if isinstance(v, list) and v]
        choice = rng.random()
        if choice < 0.1:
            doc.pop(rng.choice(list(doc.keys())), None)
        elif choice < 0.2 and arrays:
            key = rng.choice(arrays)
            doc[key].append(json.loads(json.dumps(rng.choice(doc[key]))))   # a duplicate id
        elif choice < 0.3 and arrays:
            key = rng.choice(arrays)
            item = json.loads(json.dumps(rng.choice(doc[key])))
            item["id"] = "%08x-%04x-4%03x-8%03x-%012x" % tuple(rng.getrandbits(b) for b in (32, 16, 12, 12, 48))
            if "name" in item:
                item["name"] = rng.choice([item["name"], item["name"].upper(), item["name"] + " "])
            doc[key].append(item)
        elif arrays:
            obj = rng.choice(doc[rng.choice(arrays)])
            field = rng.choice(list(obj.keys()))
            if rng.random() < 0.15:
                del obj[field]
            else:
                obj[field] = rng.choice(NASTY)
        else:
            doc[rng.choice(list(doc.keys()))] = rng.choice(NASTY)
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode()


def mutate_bytes(data):
    tokens = [b"{", b"}", b"[", b"]", b",", b'"', b"\\", b"\\u0000", b"\xff", b"\xc3"]
    return mutate(rng, data, tokens, max_ops=8, max_delete=40)


cases = accepted = refused = 0
problems = []
deadline = time.time() + SECONDS
while time.time() < deadline:
    cases += 1
    data = mutate_json(good) if rng.random() < 0.6 else mutate_bytes(good_bytes)
    backup = os.path.join(work, "case.json")
    open(backup, "wb").write(data)
    store = os.path.join(work, "store.sqlite")
    remove_store(store)
    for name in os.listdir(work):
        if "before-restore" in name:
            os.remove(os.path.join(work, name))
    shutil.copy(base, store)
    before = snapshot(store)
    mode = rng.choice(["merge", "replace"])
    args = ["restore", backup, "--store", store, "--mode", mode] + (["--dry-run"] if rng.random() < 0.2 else [])
    result = run(*args)
    err = result.stderr.decode("utf-8", "replace")
    label = f"case {cases} ({mode}): status {result.returncode}"
    if result.returncode not in (0, 1):
        problems.append(f"{label}: {err[:300]}")
        shutil.copy(backup, os.path.join(work, f"problem-{cases}.json"))
        continue
    if result.returncode == 1:
        refused += 1
        if not is_one_sentence(err):
            problems.append(f"{label}: not one sentence: {err[:300]}")
        if snapshot(store) != before:
            problems.append(f"{label}: a refused restore changed the store")
        if any("before-restore" in n for n in os.listdir(work)):
            problems.append(f"{label}: a refused restore left an undo copy")
        continue
    accepted += 1
    if not restores_its_backup(run, store, work):
        problems.append(f"{label}: the store no longer restores its own backup")
        shutil.copy(backup, os.path.join(work, f"problem-{cases}.json"))

print(f"{cases} cases in {SECONDS:.0f} s: {accepted} accepted, {refused} refused, {len(problems)} problems")
for problem in problems[:20]:
    print("  " + problem)
if not problems:
    shutil.rmtree(work)
else:
    print(f"  cases kept in {work}")
sys.exit(1 if problems else 0)
