"""The dashboard in a real browser against a real `understudy serve` with traffic: what a person
sees. A miss appears with its diff, a contract violation with the provider's answer, coverage
with uncovered statuses, and a scenario change takes effect on the next request.

    python3 scripts/browser/dashboard_test.py --understudy .build/debug/understudy --chromium /usr/bin/chromium

Screenshots go to .build/ui-screenshots/ (failure.png too when a check fails). Everything runs
on 127.0.0.1 with deadlines; the server's clock is manual, so the page's clock is deterministic.
"""
import json
import pathlib
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import PageServer, main, root  # noqa: E402

# The fixtures' canonical fake key: never a real credential.
credential = {"Authorization": "Bearer FAKE-understudy-yelp-api-key"}
coffee = "/v3/businesses/search?term=coffee&location=Cupertino%2C+CA&open_now=true&limit=10"
sushi = "/v3/businesses/search?term=sushi&location=Cupertino%2C+CA&open_now=true&limit=10"
keyless_nearby = "/maps/api/place/nearbysearch/json?location=37.7749,-122.4194&radius=100"
direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # 127.0.0.1 only, never a proxy


class Server:
    """`understudy serve` on a free port over the bundled fixtures and contracts, on a manual clock."""

    def __init__(self, executable):
        self.process = subprocess.Popen(
            [executable, "serve", "--port", "0", "--fixtures", str(root / "fixtures"), "--contracts", str(root / "contracts"),
             "--start-time", "2026-01-01T09:00:00Z"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=root)
        deadline = time.monotonic() + 60
        self.url = None
        while self.url is None:
            line = self.process.stdout.readline()
            if not line or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("understudy serve printed no 'Listening on' line")
            if line.startswith("Listening on "):
                self.url = line.split(" ", 2)[2].strip()

    def get(self, target, headers=None):
        request = urllib.request.Request(self.url + target, headers=headers or {})
        try:
            with direct.open(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def admin_json(self, path):
        with direct.open(urllib.request.Request(self.url + path), timeout=10) as response:
            return json.loads(response.read())

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def text_of(selector):
    return f"Array.from(document.querySelectorAll({json.dumps(selector)})).map(e => e.textContent)"


def row_with(text):
    """The journal row whose request contains `text`, as a selector-free expression."""
    return f"Array.from(document.querySelectorAll('tr.entry')).find(r => r.textContent.includes({json.dumps(text)}))"


def run(server, browser, shots):
    checks = []

    def open_tab(name):
        """Opens a tab and waits until what it loads is on the page."""
        browser.click(f"button[data-tab={name}]")
        browser.wait_for("document.body.dataset.busy === '0'", f"the {name} tab to load")

    def check(name, expression, timeout=None):
        browser.wait_for(expression, name, timeout)
        checks.append(name)
        print(f"ok - {name}", flush=True)

    assert server.get(coffee, credential) == 200
    assert server.get(sushi, credential) == 404
    assert server.get(keyless_nearby) == 200  # Google answers REQUEST_DENIED with HTTP 200
    browser.navigate(server.url + "/__understudy/ui")
    check("the journal shows the three requests, newest first",
          "document.querySelectorAll('tr.entry').length === 3 && document.querySelector('tr.entry').textContent.includes('nearbysearch')")
    check("the page shows the server's manual clock", "document.getElementById('clock').textContent.includes('2026-01-01T09:00:00Z (manual)')")

    browser.evaluate(f"{row_with('term=sushi')}.setAttribute('data-check', 'miss')")
    browser.click("tr[data-check=miss]")
    check("a miss expands to its near-miss diff, condition by condition",
          f"""(() => {{ const rows = Array.from(document.querySelectorAll('[data-testid=mismatch]')).map(r => Array.from(r.cells).map(c => c.textContent));
               return rows.some(r => r[0] === 'query.term' && r[1] === '"coffee"' && r[2] === '"sushi"'); }})()""")
    check("the miss's request shows its credential redacted",
          "(() => { const t = document.querySelector('[data-testid=request]').textContent;"
          " return t.includes('Bearer REDACTED') && !t.includes('FAKE-understudy-yelp-api-key'); })()")
    browser.screenshot(shots / "journal-miss.png")

    browser.evaluate(f"{row_with('nearbysearch')}.setAttribute('data-check', 'violation')")
    browser.click("tr[data-check=violation]")
    check("a contract violation shows what broke and the provider's answer",
          "(() => { const v = document.querySelector('[data-testid=violation]'); const t = document.body.textContent;"
          " return v && v.textContent.includes('missingCredential') && t.includes('google: keyMissing'); })()")
    browser.screenshot(shots / "journal-violation.png")

    browser.choose("#filter-status", "miss")
    check("filtering by status leaves only the miss", "document.querySelectorAll('tr.entry').length === 1")
    browser.choose("#filter-status", "")
    browser.choose("#filter-provider", "google")
    check("filtering by provider leaves only Google's request",
          "document.querySelectorAll('tr.entry').length === 1 && document.querySelector('tr.entry').textContent.includes('google')")
    browser.choose("#filter-provider", "")

    browser.evaluate(f"{row_with('term=coffee')}.setAttribute('data-check', 'hit')")
    browser.click("tr[data-check=hit]")
    browser.click("tr.open + tr.detail [data-testid=fixture-link]")
    check("a hit links to the JSON of the fixture that answered",
          "(() => { const j = document.querySelector('[data-testid=fixture-json]'); return j && j.textContent.includes('Cupertino, CA'); })()")

    open_tab("coverage")
    check("coverage lists the fixtures answering each operation and status",
          "(() => { const row = document.querySelector('[data-operation=searchBusinesses]');"
          " return row && row.querySelector('td[data-status=\"200\"]').textContent.includes('yelp/search-coffee-open-now.json'); })()")
    check("coverage marks declared statuses no fixture answers",
          "document.querySelectorAll('[data-testid=uncovered]').length > 0 && document.getElementById('coverage-summary').textContent.includes('without a fixture')")
    browser.screenshot(shots / "coverage.png")

    open_tab("state")
    scenario = "[data-scenario=yelp-daily-quota]"
    check("the scenario is listed in its first state", f"document.querySelector('{scenario} [data-testid=scenario-state]')?.textContent === 'Started'")
    browser.choose(f"{scenario} [data-testid=scenario-choice]", "Exhausted")
    browser.click(f"{scenario} [data-testid=scenario-set]")
    check("setting a scenario state shows the new state", f"document.querySelector('{scenario} [data-testid=scenario-state]').textContent === 'Exhausted'")
    browser.click("[data-testid=advance]")
    check("advancing the clock moves it by the hour asked", "document.getElementById('clock-now').textContent.includes('2026-01-01T10:00:00Z')")
    browser.screenshot(shots / "state.png")

    assert server.get(coffee, credential) == 429
    open_tab("journal")
    check("the scenario change takes effect: the same search is now answered by the quota fixture",
          "(() => { const r = document.querySelector('tr.entry'); return r && r.textContent.includes('429')"
          " && r.textContent.includes('yelp/errors/search-coffee-access-limit-reached.json'); })()")
    browser.screenshot(shots / "journal-after-scenario.png")

    # What a Places API (New) request would cost: two details (Pro, then Enterprise for the rating).
    deli = "/v1/places/ChIJMUcLyRd9qEmo14w5P1jH0H3"
    google_new = {"X-Goog-Api-Key": "AIzaFAKE-understudy-test-key-0000000000"}
    assert server.get(deli, {**google_new, "X-Goog-FieldMask": "id,displayName"}) == 200
    assert server.get(deli, {**google_new, "X-Goog-FieldMask": "id,rating"}) == 200
    check("the journal counts requests per SKU the real provider would bill",
          "(() => { const b = document.querySelector('[data-testid=billing]');"
          " return b && !b.hidden && b.textContent.includes('Place Details Pro 1') && b.textContent.includes('Place Details Enterprise 1'); })()")
    browser.evaluate(f"{row_with('ChIJMUcLyRd9qEmo14w5P1jH0H3')}.setAttribute('data-check', 'billed')")
    browser.click("tr[data-check=billed]")
    check("a billed request shows its SKU and the fields that raised it",
          "(() => { const b = document.querySelector('[data-testid=billed]'); return b && b.textContent.includes('Place Details Enterprise (raised by rating)'); })()")
    browser.screenshot(shots / "journal-billing.png")

    open_tab("state")
    browser.click("[data-testid=reset]")
    check("reset returns the scenario to its first state", f"document.querySelector('{scenario} [data-testid=scenario-state]').textContent === 'Started'")
    open_tab("journal")
    check("reset empties the journal", "document.querySelectorAll('tr.entry').length === 0 && !document.getElementById('journal-empty').hidden")

    # A page on another origin (another server on this machine) tries what a browser sends without
    # asking: a text/plain form and no-cors fetches to change state, and a read of the journal.
    assert server.get(coffee, credential) == 200
    before = server.admin_json("/__understudy/clock")
    attacker = OtherOrigin(server.url)
    try:
        browser.navigate(attacker.url)
        browser.wait_for("document.body.dataset.done === '1'", "the other origin's page to send its requests")
        check("another origin cannot read the journal", "document.body.dataset.read === 'refused'")
    finally:
        attacker.stop()
    after = server.admin_json("/__understudy/clock")
    assert after == before, f"another origin moved the clock: {before} -> {after}"
    assert len(server.admin_json("/__understudy/journal")["entries"]) >= 1, "another origin reset the journal"
    checks.append("another origin's form and no-cors fetches change nothing")
    print("ok - another origin's form and no-cors fetches change nothing", flush=True)
    return checks


class OtherOrigin(PageServer):
    """A page served from another port of 127.0.0.1, another origin: it posts a text/plain form
    and no-cors fetches to the admin API, and tries to read the journal."""

    def __init__(self, target):
        page = f"""<!doctype html><body>
<iframe name="sink" style="display:none"></iframe>
<form id="f" method="POST" enctype="text/plain" target="sink" action="{target}/__understudy/clock">
<input name='{{"advanceSeconds": 86400, "x": "' value='"}}'></form>
<script>
(async () => {{
  document.getElementById('f').submit();
  try {{ await fetch('{target}/__understudy/clock', {{method: 'POST', mode: 'no-cors', body: JSON.stringify({{advanceSeconds: 86400}})}}); }} catch (e) {{}}
  try {{ await fetch('{target}/__understudy/reset', {{method: 'POST', mode: 'no-cors'}}); }} catch (e) {{}}
  try {{ const r = await fetch('{target}/__understudy/journal'); document.body.dataset.read = String(r.status); }}
  catch (e) {{ document.body.dataset.read = 'refused'; }}
  setTimeout(() => {{ document.body.dataset.done = '1'; }}, 500);
}})();
</script></body>""".encode()
        super().__init__(page)


def describe_failure(browser):
    print("page error line:", browser.evaluate("document.getElementById('error')?.textContent"), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main(__doc__, "dashboard", Server, run, "failure.png", describe_failure=describe_failure, clear_shots=True))
