"""Facebook's login dialog in a real browser against a real `understudy serve`: what a web view
or ASWebAuthenticationSession does. The browser opens the dialog, a person presses Continue and
lands on the app's redirect URI with a code and the state it sent; the code is exchanged once.
Pressing Cancel, or a test saying the user cancels, lands there with error=access_denied.

    python3 scripts/browser/login_dialog_test.py --understudy .build/debug/understudy --chromium /usr/bin/chromium

The redirect URI is a tiny server of this script on 127.0.0.1. Codes and tokens are secrets: the
checks look at them but never print them. Screenshots go to .build/ui-screenshots/.
"""
import json
import pathlib
import sys
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from dashboard_test import Server, direct  # noqa: E402
from harness import PageServer, main  # noqa: E402

app_id = "138483919580948"


class Callback(PageServer):
    """The app's redirect URI: a page on another port of 127.0.0.1 that remembers the queries it was sent."""

    def __init__(self):
        super().__init__(b"<!doctype html><title>Back in the app</title><body><h1>Back in the app</h1></body>", path="/callback")


def call(server, target, method="GET", body=None):
    """Status and JSON body of a request to the server."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    request = urllib.request.Request(server.url + target, method=method, data=body, headers=headers)
    try:
        with direct.open(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def run(server, browser, callback, shots):
    checks = []

    def check(name, condition):
        if not condition:
            raise AssertionError(name)
        checks.append(name)
        print(f"ok - {name}", flush=True)

    def dialog(state):
        query = urllib.parse.urlencode({"client_id": app_id, "redirect_uri": callback.url, "state": state, "scope": "public_profile,email"})
        return f"{server.url}/v19.0/dialog/oauth?{query}"

    def landed():
        """Waits until the browser is on the redirect URI; its query, decoded."""
        browser.wait_for(f"location.href.startsWith({json.dumps(callback.url + '?')}) && document.readyState === 'complete'",
                         "the browser to land on the redirect URI")
        return browser.evaluate("Object.fromEntries(new URLSearchParams(location.search))")

    browser.navigate(dialog("continue me"))
    browser.wait_for("document.querySelector('#continue')?.textContent === 'Continue as Dana Rivera'", "the consent page")
    browser.screenshot(shots / "login-dialog.png")
    check("the dialog shows a consent page with Continue as the test user and Cancel",
          browser.evaluate("document.querySelector('#cancel')?.textContent") == "Cancel")
    browser.click("#continue")
    query = landed()
    check("Continue lands on the redirect URI with a code and the same state",
          bool(query.get("code")) and query.get("state") == "continue me" and "error" not in query)
    check("the redirect URI's server received that callback", any(query.get("state") == ["continue me"] for query in callback.queries))
    exchange = "/v19.0/oauth/access_token?" + urllib.parse.urlencode(
        {"client_id": app_id, "redirect_uri": callback.url, "client_secret": "FAKE-understudy-app-secret", "code": query["code"]})
    status, answer = call(server, exchange)
    check("the code is exchanged for a user token", status == 200 and bool(answer.get("access_token")))
    status, answer = call(server, exchange)
    check("a second exchange of the code is refused as used",
          status == 400 and answer["error"]["message"] == "This authorization code has been used.")

    cancelled = {"error": "access_denied", "error_code": "200", "error_description": "Permissions error", "error_reason": "user_denied"}
    browser.navigate(dialog("cancel me"))
    browser.wait_for("document.querySelector('#cancel') !== null", "the consent page")
    browser.click("#cancel")
    query = landed()
    check("Cancel lands on the redirect URI with error=access_denied, error_reason=user_denied and the state",
          query == {**cancelled, "state": "cancel me"})

    status, _ = call(server, "/__understudy/dialog/facebook", "PUT", b'{"user": "cancels"}')
    check("a test says the user cancels", status == 200)
    browser.navigate(dialog("scenario"))
    query = landed()
    browser.screenshot(shots / "login-dialog-cancelled.png")
    check("then the dialog sends the browser back cancelled at once", query == {**cancelled, "state": "scenario"})
    status, _ = call(server, "/__understudy/reset", "POST")
    browser.navigate(dialog("after reset"))
    check("reset brings the consent page back",
          status == 200 and browser.wait_for("document.querySelector('#continue') !== null", "the consent page after reset"))
    return checks


def run_with_callback(server, browser, shots):
    callback = Callback()
    try:
        return run(server, browser, callback, shots)
    finally:
        callback.stop()


if __name__ == "__main__":
    sys.exit(main(__doc__, "login dialog", Server, run_with_callback, "login-dialog-failure.png"))
