#!/usr/bin/env python3
"""axe-core (WCAG 2.1 A and AA rules) on every HTML page of a site, in headless Chromium.

Usage: axe-check.py SITE_FOLDER. Prints each page's violations and exits 1 when there is any.
Needs chromium-driver (Debian) and, from PyPI, selenium and axe-playwright-python (installed
without its dependencies: only the axe-core 4 script it carries is used, not Playwright).
"""
import importlib.util
import json
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

site = pathlib.Path(sys.argv[1]).resolve()
package = importlib.util.find_spec("axe_playwright_python").submodule_search_locations[0]
script = (pathlib.Path(package) / "axe.min.js").read_text()
options = webdriver.ChromeOptions()
for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1600"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_script_timeout(120)
found = 0
pages = sorted(site.rglob("*.html"))
try:
    for page in pages:
        driver.get(page.as_uri())
        driver.execute_script(script)
        # The pictures are SVG files in <object>: axe is not to wait for them as for frames it
        # cannot reach (file:// pages); they are checked as files of their own (xmllint).
        options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "iframes": False}
        results = driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            f"axe.run(document, {json.dumps(options)}).then(done).catch(e => done({{violations: [{{id: 'axe failed', impact: String(e), help: '', nodes: []}}]}}));")
        for violation in results["violations"]:
            found += 1
            targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
            print(f"{page.relative_to(site)}: {violation['id']} ({violation['impact']}): {violation['help']} — {targets}")
finally:
    driver.quit()
print(f"   axe-core: {len(pages)} pages, {found} violations")
sys.exit(1 if found else 0)
