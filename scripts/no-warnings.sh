#!/usr/bin/env bash
# Runs a build command and fails when the compiler warned about the project's own code (its
# Sources, Tests, Benchmarks and Plugins; not the packages it depends on). A fresh clone builds
# every file, so CI sees every warning; an incremental build shows those of the files it compiled.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"
root=$(pwd -P)
own=$(grep -E ':[0-9]+:[0-9]+: warning:' "$log" | grep -F "$root/" | grep -v -F "$root/.build" | sort -u)
if [ -n "$own" ]; then
    printf '%s\n' "$own" >&2
    echo "no-warnings: the compiler warned about the project's own code (above); a build of Almanac has no warnings." >&2
    exit 1
fi
