#!/usr/bin/env bash
# What a new user does first, checked as they would do it:
# - a fresh clone of the repository's committed state, `make demo` twice (with the binary this
#   checkout built: the recipe and the tracked files are what is checked), and nothing tracked
#   changed, nothing untracked left that git would show;
# - `make install` into a temporary prefix, the installed binary run, `make uninstall`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "fresh-clone-check: $*" >&2; exit 1; }

git clone -q "$ROOT" "$WORK/clone"
for run in 1 2; do
  make -s -C "$WORK/clone" -o deps -o build demo ALMANAC="$ROOT/.build/debug/almanac" >"$WORK/demo-$run.log" 2>&1 \
    || { cat "$WORK/demo-$run.log" >&2; fail "make demo failed in a fresh clone (run $run)"; }
  [ -f "$WORK/clone/Output/index.html" ] || fail "make demo left no Output/index.html (run $run)"
done
status=$(git -C "$WORK/clone" status --porcelain)
[ -z "$status" ] || fail "make demo changed what git tracks or shows: $status"
echo "fresh-clone-check: make demo twice in a fresh clone: ok, nothing tracked changed"

PREFIX="$WORK/prefix"
make -s install PREFIX="$PREFIX" >/dev/null
for f in bin/almanac share/man/man1/almanac.1 share/bash-completion/completions/almanac \
         share/zsh/site-functions/_almanac share/fish/vendor_completions.d/almanac.fish; do
  [ -s "$PREFIX/$f" ] || fail "make install did not install $f"
done
"$PREFIX/bin/almanac" --version >/dev/null || fail "the installed almanac does not run"
[ "$(readelf -S "$PREFIX/bin/almanac" | grep -c '\.symtab')" = 0 ] || fail "the installed almanac is not stripped"
grep -q "almanac" "$PREFIX/share/bash-completion/completions/almanac" || fail "the bash completion is not almanac's"
cmp -s docs/almanac.1 "$PREFIX/share/man/man1/almanac.1" || fail "the installed man page is not docs/almanac.1"
make -s uninstall PREFIX="$PREFIX" >/dev/null
left=$(find "$PREFIX" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "fresh-clone-check: make install and make uninstall into a temporary prefix: ok"
