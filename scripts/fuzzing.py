"""What the hostile rounds share (scripts/fuzz-restore.py, scripts/fuzz-import.py): byte
mutations, a store's bytes, and the checks every run of `almanac` must pass."""
import os


def mutate_bytes(rng, data, tokens, max_ops, max_delete):
    """Flips, deletes and inserts bytes (the tokens a reader of the format trips on), and
    truncates one time in five."""
    data = bytearray(data)
    for _ in range(rng.randint(1, max_ops)):
        if not data:
            break
        i = rng.randrange(len(data))
        op = rng.random()
        if op < 0.4:
            data[i] = rng.randrange(256)
        elif op < 0.7:
            del data[i:i + rng.randint(1, max_delete)]
        else:
            data[i:i] = rng.choice(tokens)
    if rng.random() < 0.2 and data:
        data = data[:rng.randrange(len(data))]   # truncated
    return bytes(data)


def snapshot(path):
    """A store's bytes, its write-ahead log included."""
    return b"".join(open(path + s, "rb").read() for s in ("", "-wal") if os.path.exists(path + s))


def remove_store(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def is_one_sentence(err):
    """A refusal: exactly one line, `almanac: …`, no crash report."""
    lines = err.strip().split("\n")
    return len(lines) == 1 and lines[0].startswith("almanac: ") and "Fatal" not in err


def restores_its_backup(run, store, work):
    """The store backs up, and the backup restores into a new store."""
    backup, fresh = os.path.join(work, "again.json"), os.path.join(work, "fresh.sqlite")
    remove_store(fresh)
    return run("backup", "--store", store, "--out", backup).returncode == 0 and run("restore", backup, "--store", fresh).returncode == 0
