"""What the compatibility suites share: the served Understudy's admin API (reset, the journal),
yelpapi pointed at it, and a run that lists each expected failure with its reason and fails
when a listed test passes. Imported by the test_*.py files beside it (their folder is on
sys.path when run as scripts, as compat/run-python runs them)."""

import json
import os
import unittest
import urllib.request

BASE = (os.environ.get("UNDERSTUDY_URL") or "").rstrip("/")
TIMEOUT = 10


def admin(method, path, body=None):
    """Calls the admin API (`/__understudy…`) and returns its JSON answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{BASE}/__understudy{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        return json.loads(response.read() or b"null")


def answered():
    """What answered each request since the last reset: a fixture file, a provider answer, or MISS."""
    return [entry.get("fixture") or entry.get("answeredBy") or "MISS" for entry in admin("GET", "/journal")["entries"]]


def point_yelpapi_at_understudy():
    """yelpapi keeps its endpoints in module constants: every one is moved to the served Understudy."""
    from yelpapi import yelpapi as yelpapi_module
    for name in dir(yelpapi_module):
        if name.endswith("_API_URL"):
            value = getattr(yelpapi_module, name)
            setattr(yelpapi_module, name, value.replace("https://api.yelp.com", BASE))


def suite_expecting(loader, cases, expected_to_fail):
    """The tests of `cases`, those named in `expected_to_fail` marked as expected failures; a name
    that is no test of them is an error, so the list cannot outlive its tests."""
    suite = unittest.TestSuite()
    for case in cases:
        for name in loader.getTestCaseNames(case):
            if name in expected_to_fail:
                setattr(case, name, unittest.expectedFailure(getattr(case, name)))
            suite.addTest(case(name))
    unknown = set(expected_to_fail) - {name for case in cases for name in loader.getTestCaseNames(case)}
    if unknown:
        raise RuntimeError(f"EXPECTED_TO_FAIL names tests that do not exist: {sorted(unknown)}")
    return suite


def main(expected_to_fail=None):
    """Runs the calling module's tests; prints each expected failure with its reason. unittest
    counts an unexpected success as a failure: the list must then be updated."""
    result = unittest.main(module="__main__", exit=False, verbosity=2).result
    for name, reason in sorted((expected_to_fail or {}).items()):
        print(f"expected to fail: {name}: {reason}")
    raise SystemExit(0 if result.wasSuccessful() else 1)
