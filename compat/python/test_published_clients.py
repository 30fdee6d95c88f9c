"""Published Python clients against `understudy serve` on the bundled fixtures and contracts.

Each client is the PyPI release real apps use (pinned in scripts/python-tools): googlemaps
4.10.0, yelpapi 2.6.0, facebook-sdk 3.1.0. None is patched: only its base URL is pointed at the
served Understudy, the way each client allows (providers.md §5):

- googlemaps: its `base_url` constructor argument.
- yelpapi: no base-URL option; the module constants `yelpapi.yelpapi.*_API_URL` are read at call
  time, so they are rewritten to the served origin.
- facebook-sdk: no base-URL option; the module global `facebook.FACEBOOK_GRAPH_URL` is read at
  call time, so it is set to the served origin.

Every test drives a bundled flow (or a documented error answer) and then states which fixture or
provider answer served each request, from the server's journal. A request the real provider
answers that Understudy cannot yet is listed in EXPECTED_TO_FAIL with the reason; when one
starts passing the suite fails, so the list is kept honest.

Run by compat/run-python (which starts the server and sets UNDERSTUDY_URL).
"""

import glob
import json
import os
import unittest

import facebook
import googlemaps
import yelpapi

from understudy_compat import admin, answered, main, point_yelpapi_at_understudy, suite_expecting

BASE = os.environ["UNDERSTUDY_URL"].rstrip("/")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "fixtures")

# The canonical fake credentials of docs/contracts.md.
GOOGLE_KEY = "AIzaFAKE-understudy-test-key-0000000000"
GOOGLE_REVOKED_KEY = "AIzaFAKE-revoked-test-key-0000000000000"
YELP_KEY = "FAKE-understudy-yelp-api-key"
APP_ID, APP_SECRET = "138483919580948", "FAKE-understudy-app-secret"
LONG_LIVED, SHORT_LIVED, EXPIRED = "EAAUnderstudyLongLivedToken", "EAAUnderstudyShortLivedToken", "EAAUnderstudyExpiredToken"

# Test name → why it fails today, for requests the real provider answers that the served
# fixtures do not yet. Empty since semantic matching (aliases, boolean spellings, Graph
# versions, early-answer sequences) landed: each of those flows now passes and is checked.
EXPECTED_TO_FAIL = {}


class ClientTest(unittest.TestCase):
    def setUp(self):
        admin("POST", "/reset")

    def assertAnswered(self, expected):
        self.assertEqual(answered(), expected)


class GoogleMaps(ClientTest):
    def client(self, key=GOOGLE_KEY):
        # retry_over_query_limit off: an OVER_QUERY_LIMIT must surface, not be retried for 60 s.
        return googlemaps.Client(key=key, base_url=BASE, retry_over_query_limit=False, retry_timeout=5)

    def nearby_first_two_pages(self, client):
        # googlemaps sends minprice=None&maxprice=None on every nearby search (providers.md §5.1).
        page1 = client.places_nearby(location=(37.7749, -122.4194), radius=100)
        self.assertEqual(len(page1["results"]), 20)
        # Used at once, the page token is not valid yet: Google's INVALID_REQUEST (a documented error).
        with self.assertRaises(googlemaps.exceptions.ApiError) as early:
            client.places_nearby(page_token=page1["next_page_token"])
        self.assertEqual(early.exception.status, "INVALID_REQUEST")
        admin("POST", "/clock", {"advanceSeconds": 3})
        page2 = client.places_nearby(page_token=page1["next_page_token"])
        self.assertEqual(len(page2["results"]), 20)
        return page1, page2

    def test_google_nearby_pages_with_placeholder_prices(self):
        self.nearby_first_two_pages(self.client())
        self.assertAnswered([
            "google/nearbysearch-page1.json", "google: invalidRequest (page token not valid yet)", "google/nearbysearch-page2.json"])

    def test_google_nearby_third_page_after_waiting(self):
        client = self.client()
        _, page2 = self.nearby_first_two_pages(client)
        admin("POST", "/clock", {"advanceSeconds": 3})
        page3 = client.places_nearby(page_token=page2["next_page_token"])
        self.assertEqual(len(page3["results"]), 5)
        self.assertNotIn("next_page_token", page3)
        self.assertEqual(answered()[-1], "google/nearbysearch-page3.json")

    def test_google_revoked_key_is_request_denied(self):
        with self.assertRaises(googlemaps.exceptions.ApiError) as denied:
            self.client(GOOGLE_REVOKED_KEY).places_nearby(location=(37.7749, -122.4194), radius=100)
        self.assertEqual(denied.exception.status, "REQUEST_DENIED")
        self.assertEqual(denied.exception.message, "The provided API key is invalid.")
        # The contract answers it before any fixture: the key is one the pack rejects.
        self.assertAnswered(["google: requestDenied"])

    def test_google_rank_by_distance_with_radius_is_refused_by_the_client_first(self):
        # googlemaps refuses it locally, as the contract would (providers.md §5.1): nothing is sent.
        with self.assertRaises(ValueError):
            self.client().places_nearby(location=(37.7749, -122.4194), radius=100, rank_by="distance", keyword="pizza")
        self.assertAnswered([])

    def test_google_details_by_placeid_fixture(self):
        place = self.client().place("ChIJHApqc1aX4vabdI3Wk3mW612")
        self.assertEqual(place["status"], "OK")
        self.assertEqual(place["result"]["place_id"], "ChIJHApqc1aX4vabdI3Wk3mW612")
        self.assertAnswered(["google/details-little-lemongrass-thai-placeid.json"])

    def test_google_details_by_place_id_fixture(self):
        place = self.client().place("ChIJvIOIRITlUBdN6OH1pSlAZxS")
        self.assertEqual(place["result"]["place_id"], "ChIJvIOIRITlUBdN6OH1pSlAZxS")
        self.assertAnswered(["google/details.json"])

    def test_google_details_not_found(self):
        with self.assertRaises(googlemaps.exceptions.ApiError) as missing:
            self.client().place("ChIJUnderstudyClosedPlace0000")
        self.assertEqual(missing.exception.status, "NOT_FOUND")
        self.assertAnswered(["google/errors/details-not-found.json"])

    def test_google_photo(self):
        # places_photo streams the body without checking the HTTP status: a miss would come back
        # as "image" bytes, so the JPEG signature is what proves the photo arrived.
        image = b"".join(self.client().places_photo("AUc7tXFAKEPHOTOREF1", max_width=400))
        self.assertEqual(image[:3], b"\xff\xd8\xff")
        self.assertAnswered(["google/photo-redirect.json", "google/images/place-photo.json"])
        # The redirect's Location carries the reference googlemaps sent as photoreference.
        self.assertEqual(admin("GET", "/journal")["entries"][1]["target"], "/places/AUc7tXFAKEPHOTOREF1")

    def test_google_every_directions_fixture(self):
        client = self.client()
        expected = []
        for path in sorted(glob.glob(os.path.join(FIXTURES, "google", "directions", "*.json"))):
            with open(path) as file:
                query = json.load(file)["request"]["query"]
            routes = client.directions(query["origin"], query["destination"], mode=query["mode"])
            self.assertTrue(routes, path)
            self.assertGreater(routes[0]["legs"][0]["duration"]["value"], 0)
            expected.append(os.path.relpath(path, FIXTURES))
        self.assertEqual(len(expected), 10)
        self.assertAnswered(expected)


class YelpAPI(ClientTest):
    def setUp(self):
        super().setUp()
        point_yelpapi_at_understudy()
        self.yelp = yelpapi.YelpAPI(YELP_KEY, timeout_s=10)

    def tearDown(self):
        self.yelp.close()

    def test_yelp_every_search_fixture(self):
        # Each search fixture's exact conditions, sent as the app would pass them to yelpapi.
        expected = []
        for path in sorted(glob.glob(os.path.join(FIXTURES, "yelp", "**", "*.json"), recursive=True)):
            with open(path) as file:
                fixture = json.load(file)
            request = fixture.get("request", {})
            if request.get("path") != "/v3/businesses/search" or "scenario" in fixture or fixture["response"]["status"] != 200:
                continue
            query = request["query"]
            if not all(isinstance(value, str) for value in query.values()):
                continue
            answer = self.yelp.search_query(**query)
            self.assertIn("businesses", answer, path)
            expected.append(os.path.relpath(path, FIXTURES))
        self.assertGreaterEqual(len(expected), 8)
        self.assertAnswered(expected)

    def test_yelp_business_details_and_reviews(self):
        expected = []
        for path in sorted(glob.glob(os.path.join(FIXTURES, "yelp", "**", "*.json"), recursive=True)):
            with open(path) as file:
                request = json.load(file).get("request", {})
            segments = request.get("path", "").split("/")
            if len(segments) < 4 or segments[2] != "businesses" or "{" in request["path"] or segments[3] in ("search", "matches"):
                continue
            if segments[3].startswith("Understudy-"):
                continue  # the HTML 500 error flow, below
            business_id = segments[3]
            if request["path"].endswith("/reviews"):
                self.assertIn("reviews", self.yelp.reviews_query(business_id))
            else:
                self.assertEqual(self.yelp.business_query(business_id)["id"], business_id)
            expected.append(os.path.relpath(path, FIXTURES))
        self.assertEqual(len(expected), 6)
        self.assertAnswered(expected)

    def test_yelp_documented_errors(self):
        # yelpapi 2.6.0 calls raise_for_status first: every 4xx/5xx is a requests HTTPError.
        import requests
        cases = [
            (lambda: self.yelp.business_query("no-such-business"), 404),
            (lambda: self.yelp.search_query(term="coffee", location="Qwzx, Nowhere", open_now="true", limit=10), 400),
            (lambda: self.yelp.business_query("Understudy-HTML-500"), 500),
            (lambda: self.yelp.search_query(term="coffee", location="Cupertino, CA", limit=51), 400),
        ]
        for call, status in cases:
            with self.assertRaises(requests.HTTPError) as raised:
                call()
            self.assertEqual(raised.exception.response.status_code, status)
        self.assertEqual(raised.exception.response.json()["error"]["code"], "VALIDATION_ERROR")
        self.assertAnswered([
            "yelp/business-not-found.json", "yelp/errors/search-location-not-found.json",
            "yelp/errors/business-internal-error-html.json", "yelp: validationError"])

    def test_yelp_spent_quota(self):
        admin("PUT", "/scenarios/yelp-daily-quota", {"state": "Exhausted"})
        import requests
        with self.assertRaises(requests.HTTPError) as raised:
            self.yelp.search_query(term="coffee", location="Cupertino, CA", open_now="true", limit=10)
        self.assertEqual(raised.exception.response.status_code, 429)
        self.assertEqual(raised.exception.response.json()["error"]["code"], "ACCESS_LIMIT_REACHED")
        self.assertAnswered(["yelp/errors/search-coffee-access-limit-reached.json"])

    def test_yelp_open_now_as_python_true(self):
        answer = self.yelp.search_query(term="coffee", location="Cupertino, CA", open_now=True, limit=10)
        self.assertTrue(answer["businesses"])
        self.assertAnswered(["yelp/search-coffee-open-now.json"])


class FacebookSDK(ClientTest):
    def setUp(self):
        super().setUp()
        facebook.FACEBOOK_GRAPH_URL = BASE + "/"

    def graph(self, token=LONG_LIVED):
        graph = facebook.GraphAPI(access_token=token, timeout=10)
        # facebook-sdk accepts versions up to 3.1 only; the attribute takes any (providers.md §5.3).
        graph.version = "v19.0"
        return graph

    def test_facebook_login_flow(self):
        # Code → short-lived token → long-lived token → the user, as the login gate does.
        short = self.graph(None).get_access_token_from_code("FAKE-code", "fb138483919580948://authorize/", APP_ID, APP_SECRET)
        self.assertEqual(short["access_token"], SHORT_LIVED)
        extended = self.graph(short["access_token"]).extend_access_token(APP_ID, APP_SECRET)
        self.assertEqual(extended["access_token"], LONG_LIVED)
        user = self.graph(extended["access_token"]).get_object("me", fields="id,name,email,picture")
        self.assertEqual(user["name"], "Dana Rivera")
        self.assertAnswered([
            "facebook/login/oauth-code-exchange.json", "facebook/login/oauth-long-lived-exchange.json", "facebook/me.json"])

    def test_facebook_debug_tokens(self):
        graph = self.graph()
        valid = graph.debug_access_token(LONG_LIVED, APP_ID, APP_SECRET)["data"]
        self.assertTrue(valid["is_valid"])
        expired = graph.debug_access_token(EXPIRED, APP_ID, APP_SECRET)["data"]
        self.assertFalse(expired["is_valid"])
        invalid = graph.debug_access_token("not-a-token", APP_ID, APP_SECRET)["data"]
        self.assertFalse(invalid["is_valid"])
        self.assertAnswered([
            "facebook/login/debug-token-long-lived.json", "facebook/login/debug-token-expired.json",
            "facebook/login/debug-token-invalid.json"])

    def test_facebook_permissions_and_log_out(self):
        graph = self.graph()
        # get_permissions returns the granted names only.
        self.assertEqual(graph.get_permissions("me"), {"public_profile", "email"})
        self.assertEqual(graph.delete_object("me/permissions"), {"success": True})
        self.assertAnswered(["facebook/login/me-permissions.json", "facebook/login/revoke-permissions.json"])

    def test_facebook_expired_and_invalid_tokens(self):
        for token, code in ((EXPIRED, 190), ("not-a-token", 190)):
            with self.assertRaises(facebook.GraphAPIError) as raised:
                self.graph(token).get_object("me", fields="id,name,email,picture")
            self.assertEqual(raised.exception.code, code)
            self.assertEqual(raised.exception.type, "OAuthException")
        self.assertEqual(len(answered()), 2)
        self.assertNotIn("MISS", answered())

    def test_facebook_default_version(self):
        # facebook-sdk's own default version: v2.8 (a retired version Meta serves as the oldest live one).
        user = facebook.GraphAPI(access_token=LONG_LIVED, timeout=10).get_object("me", fields="id,name,email,picture")
        # facebook-sdk does not check the HTTP status: a miss report would come back as a dict.
        self.assertEqual(user.get("name"), "Dana Rivera")
        # No fixture is at v2.8: the one written without a version answers (docs/fixtures.md).
        self.assertAnswered(["facebook/me-unversioned.json"])


def load_tests(loader, tests, pattern):
    return suite_expecting(loader, (GoogleMaps, YelpAPI, FacebookSDK), EXPECTED_TO_FAIL)


if __name__ == "__main__":
    main(EXPECTED_TO_FAIL)
