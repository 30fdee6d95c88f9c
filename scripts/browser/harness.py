"""What the browser tests share: a page of their own on another port of 127.0.0.1, and the run
of a test (arguments, `understudy serve`, Chromium, the summary line, and on failure the
traceback and a screenshot)."""
import argparse
import http.server
import os
import pathlib
import sys
import threading
import traceback
import urllib.parse

from cdp_pipe import Browser

root = pathlib.Path(__file__).resolve().parents[2]


class PageServer:
    """One page, `page` (bytes of HTML), at every path of a server on 127.0.0.1, another origin
    than the server under test; `url` is its address with `path`. The query of every request to
    `path` is kept in `queries` (parsed), not those the browser sends on its own (/favicon.ico)."""

    def __init__(self, page, path="/"):
        self.queries = []
        seen = self.queries

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                parts = urllib.parse.urlsplit(self.path)
                if parts.path == path:
                    seen.append(urllib.parse.parse_qs(parts.query))
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *arguments):
                pass

        self.httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def main(doc, name, make_server, run, failure_shot, describe_failure=None, clear_shots=False):
    """Runs a browser test from the command line: `--understudy`, `--chromium`, `--screenshots`.
    `make_server(executable)` starts the server under test, `run(server, browser, shots)` returns
    the checks that passed; on an exception the traceback, `describe_failure(browser)` and a
    screenshot named `failure_shot` are printed. Returns the exit status."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--understudy", required=True)
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--screenshots", default=str(root / ".build/ui-screenshots"))
    arguments = parser.parse_args()
    shots = pathlib.Path(arguments.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    if clear_shots:
        for old in shots.glob("*.png"):
            old.unlink()
    server = make_server(arguments.understudy)
    browser = None
    try:
        browser = Browser(arguments.chromium)
        checks = run(server, browser, shots)
        print(f"{name}: {len(checks)} passed, 0 failed (screenshots in {os.path.relpath(shots, root)})")
        return 0
    except Exception as error:  # every failure reported the same way: what, where, a screenshot
        traceback.print_exc()
        if browser is not None:
            try:
                if describe_failure is not None:
                    describe_failure(browser)
                browser.screenshot(shots / failure_shot)
                print(f"screenshot of the failure: {shots / failure_shot}", file=sys.stderr)
            except Exception:
                pass
        print(f"{name} browser test failed: {error}", file=sys.stderr)
        return 1
    finally:
        if browser is not None:
            browser.close()
        server.stop()
