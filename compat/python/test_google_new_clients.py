"""Google's published Places API (New) and Routes API clients against `understudy serve`.

The clients are Google's generated ones from PyPI (pinned in compat/run-python):
google-maps-places 0.9.1 and google-maps-routing 0.11.2. Neither is patched: each is built with
its REST transport and pointed at the served Understudy through `client_options`
(`api_endpoint` with an `http://` scheme, `api_key`), as compat/python/google-new-clients.md
describes with everything else they send and accept.

Two parts:

- ClientsOnTheWire runs against a recording server on 127.0.0.1 (wire_capture.py), no Understudy:
  it pins the wire facts the places and routes packs rely on (paths, `$alt`, the key and mask
  headers, enums as numbers, what the clients parse and raise), so a client release that changes
  one fails here first, with the fact named.
- PlacesNew and RoutesNew drive the bundled flows of fixtures/places and fixtures/routes and the
  documented error answers, and then state from the server's journal which fixture or provider
  answer served each request. Requests are built from the fixtures' own recorded requests (their
  body, their mask), so a fixture the client cannot reach fails here. They need UNDERSTUDY_URL
  (compat/run-python sets it); without it they are skipped and only ClientsOnTheWire runs.

Text Search (New) paging: google-maps-places 0.9.1 has no page_size or page_token and drops
nextPageToken (see google-new-clients.md). Page 1 goes through the client; pages 2 and 3 go
through the client's own HTTP stack (google-auth's AuthorizedSession with the API-key credentials,
the request serialised by the client's message types), the nearest an app using this client can get.

A request the real provider answers that Understudy cannot yet is listed in EXPECTED_TO_FAIL with
the reason; when one starts passing the suite fails, so the list is kept honest.
"""

import glob
import json
import os
import sys
import unittest
import urllib.request

import google.auth.api_key
from google.api_core import exceptions
from google.auth.credentials import AnonymousCredentials
from google.auth.transport.requests import AuthorizedSession
from google.maps import places_v1, routing_v2
from google.protobuf import json_format

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wire_capture import CaptureServer, json_answer  # noqa: E402
from understudy_compat import admin, answered, main, suite_expecting  # noqa: E402

BASE = (os.environ.get("UNDERSTUDY_URL") or "").rstrip("/")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "fixtures")

# The canonical fake keys of docs/contracts.md (the places and routes packs take the Google shape).
GOOGLE_KEY = "AIzaFAKE-understudy-test-key-0000000000"
GOOGLE_REVOKED_KEY = "AIzaFAKE-revoked-test-key-0000000000000"
TIMEOUT = 10

# Test name → why it fails today.
EXPECTED_TO_FAIL: dict = {}

ALT = "json;enum-encoding=int"


# ---------------------------------------------------------------------------------------------
# Clients, built as an app would build them.

def places_client(endpoint, key=GOOGLE_KEY):
    """A PlacesClient on the REST transport; key None sends no key at all."""
    if key is None:
        return places_v1.PlacesClient(transport="rest", credentials=AnonymousCredentials(),
                                      client_options={"api_endpoint": endpoint})
    return places_v1.PlacesClient(transport="rest", client_options={"api_endpoint": endpoint, "api_key": key})


def routes_client(endpoint, key=GOOGLE_KEY):
    if key is None:
        return routing_v2.RoutesClient(transport="rest", credentials=AnonymousCredentials(),
                                       client_options={"api_endpoint": endpoint})
    return routing_v2.RoutesClient(transport="rest", client_options={"api_endpoint": endpoint, "api_key": key})


def mask(paths):
    return [("x-goog-fieldmask", paths)]


def present(message):
    """The JSON names of the fields a parsed answer holds (set, or non-default in proto3).
    Messages of google-maps-* are proto-plus wrappers; shared types (LocalizedText) are protobuf's own."""
    raw = type(message).pb(message) if hasattr(type(message), "pb") else message
    return {field.json_name for field, _ in raw.ListFields()}


# ---------------------------------------------------------------------------------------------
# The bundled fixtures, read as the tests need them.

def provider_fixtures(provider):
    """(name as the journal gives it, fixture) for every fixture of a provider, sorted by name."""
    found = []
    for path in sorted(glob.glob(os.path.join(FIXTURES, provider, "**", "*.json"), recursive=True)):
        if path.endswith(".body.json"):
            continue
        with open(path) as file:
            found.append((os.path.relpath(path, FIXTURES), json.load(file), os.path.dirname(path)))
    return found


def response_json(fixture, folder):
    response = fixture.get("response") or fixture["responses"][0]
    if "json" in response:
        return response["json"]
    if "file" in response and response["file"].endswith(".json"):
        with open(os.path.join(folder, response["file"])) as file:
            return json.load(file)
    return None


def status_of(fixture):
    return (fixture.get("response") or fixture["responses"][0]).get("status", 200)


def body_condition(fixture):
    body = fixture["request"].get("body") or {}
    return body.get("json", body.get("jsonSubset", {}))


def header_condition(fixture, name):
    for header, value in (fixture["request"].get("headers") or {}).items():
        if header.lower() == name:
            return value
    return None


def query_condition(fixture, name):
    return (fixture["request"].get("query") or {}).get(name)


def select(provider, method, path_test, status=200):
    """Fixtures of one operation (by method and path), answering with the given status."""
    chosen = []
    for name, fixture, folder in provider_fixtures(provider):
        request = fixture.get("request", {})
        if request.get("method", "").upper() != method or not path_test(request.get("path", "")):
            continue
        if "scenario" in fixture or status_of(fixture) != status:
            continue
        chosen.append((name, fixture, folder))
    return chosen


def is_place_path(path):
    return path.startswith("/v1/places/") and path.count("/") == 3


def is_media_path(path):
    return path.startswith("/v1/places/") and path.endswith("/media")


def message_from(cls, body, drop=()):
    """A request message from a fixture's recorded body, as the app would have written it."""
    kept = {key: value for key, value in body.items() if key not in drop}
    return cls.from_json(json.dumps(kept))


def literal(condition):
    return condition if isinstance(condition, str) else None


# ---------------------------------------------------------------------------------------------
# Understudy's admin API.

# ---------------------------------------------------------------------------------------------
# Part 1: what the clients put on the wire and accept, against a recording server.

class ClientsOnTheWire(unittest.TestCase):
    """No Understudy: a recording server on 127.0.0.1 answers; the facts of google-new-clients.md."""

    def serve(self, answer):
        server = CaptureServer(answer).__enter__()
        self.addCleanup(server.__exit__, None, None, None)
        return server

    def places(self, server, key=GOOGLE_KEY):
        client = places_client(server.url, key)
        self.addCleanup(client.transport.close)
        return client

    def routes(self, server, key=GOOGLE_KEY):
        client = routes_client(server.url, key)
        self.addCleanup(client.transport.close)
        return client

    def test_wire_search_nearby_request(self):
        server = self.serve(lambda request: json_answer({"places": [{"id": "A"}]}))
        answer = self.places(server).search_nearby(request={
            "location_restriction": {"circle": {"center": {"latitude": 37.7749, "longitude": -122.4194}, "radius": 500}},
            "max_result_count": 20, "rank_preference": "DISTANCE", "included_types": ["restaurant"]},
            metadata=mask("places.id,places.displayName"), timeout=TIMEOUT)
        self.assertEqual([place.id for place in answer.places], ["A"])
        [sent] = server.requests
        self.assertEqual((sent.method, sent.path), ("POST", "/v1/places:searchNearby"))
        self.assertEqual(sent.raw_query, "%24alt=json%3Benum-encoding%3Dint")
        self.assertEqual(sent.query, {"$alt": [ALT]})
        self.assertEqual(sent.headers["x-goog-api-key"], GOOGLE_KEY)
        self.assertEqual(sent.headers["x-goog-fieldmask"], "places.id,places.displayName")
        self.assertEqual(sent.headers["content-type"], "application/json")
        # Enums as numbers, defaults left out, doubles with a decimal point.
        self.assertEqual(sent.json(), {
            "locationRestriction": {"circle": {"center": {"latitude": 37.7749, "longitude": -122.4194}, "radius": 500.0}},
            "maxResultCount": 20, "rankPreference": 1, "includedTypes": ["restaurant"]})
        self.assertIn(b'"radius": 500.0', sent.body)

    def test_wire_get_place_and_photo_queries(self):
        def answer(request):
            if request.path.endswith("/media"):
                return json_answer({"name": request.path[len("/v1/"):], "photoUri": "https://example.invalid/p.jpg"})
            return json_answer({"id": "A", "name": "places/A"})
        server = self.serve(answer)
        client = self.places(server)
        client.get_place(request={"name": "places/A", "language_code": "en"}, metadata=mask("id"), timeout=TIMEOUT)
        media = client.get_photo_media(request={"name": "places/A/photos/P/media", "max_width_px": 400,
                                                "skip_http_redirect": True}, timeout=TIMEOUT)
        self.assertEqual(media.photo_uri, "https://example.invalid/p.jpg")
        place, photo = server.requests
        self.assertEqual((place.method, place.path, place.query), ("GET", "/v1/places/A", {"languageCode": ["en"], "$alt": [ALT]}))
        self.assertEqual(place.headers["x-goog-request-params"], "name=places/A")
        self.assertEqual((photo.path, photo.query), ("/v1/places/A/photos/P/media",
                                                     {"maxWidthPx": ["400"], "skipHttpRedirect": ["true"], "$alt": [ALT]}))
        self.assertNotIn("x-goog-fieldmask", photo.headers)
        self.assertNotIn("key", place.query)

    def test_wire_routes_requests(self):
        server = self.serve(lambda request: json_answer({"routes": [{"duration": "1234s", "distanceMeters": 5678}]})
                            if request.path.startswith("/directions/") else
                            (200, {"Content-Type": "application/json"}, '[{"destinationIndex": 1, "duration": "60s", "condition": "ROUTE_EXISTS"}]'))
        client = self.routes(server)
        here = {"location": {"lat_lng": {"latitude": 41.8947, "longitude": -87.6345}}}
        there = {"location": {"lat_lng": {"latitude": 41.899432, "longitude": -87.632186}}}
        routes = client.compute_routes(request={"origin": here, "destination": there, "travel_mode": "DRIVE",
                                                "routing_preference": "TRAFFIC_AWARE", "departure_time": "2026-01-02T12:00:00Z"},
                                       metadata=mask("routes.duration,routes.distanceMeters"), timeout=TIMEOUT)
        self.assertEqual((routes.routes[0].duration.total_seconds(), routes.routes[0].distance_meters), (1234, 5678))
        elements = list(client.compute_route_matrix(request={"origins": [{"waypoint": here}], "destinations": [{"waypoint": there}],
                                                             "travel_mode": "WALK"}, metadata=mask("destinationIndex,duration"), timeout=TIMEOUT))
        self.assertEqual([(e.destination_index, e.duration.total_seconds(), e.condition.name) for e in elements], [(1, 60, "ROUTE_EXISTS")])
        drive, matrix = server.requests
        self.assertEqual((drive.path, drive.query), ("/directions/v2:computeRoutes", {"$alt": [ALT]}))
        self.assertEqual(drive.json()["travelMode"], 1)
        self.assertEqual(drive.json()["routingPreference"], 2)
        self.assertEqual(drive.json()["departureTime"], "2026-01-02T12:00:00Z")
        self.assertEqual((matrix.path, matrix.json()["travelMode"]), ("/distanceMatrix/v2:computeRouteMatrix", 3))

    def test_wire_text_search_cannot_page(self):
        server = self.serve(lambda request: json_answer({"places": [{"id": "A"}], "nextPageToken": "NEXT"}))
        client = self.places(server)
        with self.assertRaises(ValueError):
            client.search_text(request={"text_query": "pizza", "page_token": "NEXT"}, metadata=mask("places.id"), timeout=TIMEOUT)
        with self.assertRaises(ValueError):
            client.search_text(request={"text_query": "pizza", "page_size": 20}, metadata=mask("places.id"), timeout=TIMEOUT)
        answer = client.search_text(request={"text_query": "pizza", "max_result_count": 20}, metadata=mask("places.id,nextPageToken"), timeout=TIMEOUT)
        self.assertNotIn("next_page_token", places_v1.SearchTextResponse.meta.fields)
        self.assertEqual(present(answer), {"places"})
        self.assertEqual(server.requests[0].json(), {"textQuery": "pizza", "maxResultCount": 20})

    def test_wire_enum_names_and_numbers_both_parse(self):
        bodies = iter([{"id": "A", "priceLevel": "PRICE_LEVEL_MODERATE", "businessStatus": "OPERATIONAL"},
                       {"id": "A", "priceLevel": 3, "businessStatus": 1, "somethingNew": {"x": 1}}])
        server = self.serve(lambda request: json_answer(next(bodies)))
        client = self.places(server)
        by_name, by_number = (client.get_place(name="places/A", metadata=mask("*"), timeout=TIMEOUT) for _ in range(2))
        self.assertEqual(by_name, by_number)
        self.assertEqual(by_name.price_level, places_v1.PriceLevel.PRICE_LEVEL_MODERATE)

    def test_wire_durations_must_be_strings_in_seconds(self):
        durations = iter(["1234s", 1234])
        server = self.serve(lambda request: json_answer({"routes": [{"duration": next(durations)}]}))
        client = self.routes(server)
        request = {"origin": {"place_id": "A"}, "destination": {"place_id": "B"}}
        self.assertEqual(client.compute_routes(request=request, metadata=mask("*"), timeout=TIMEOUT).routes[0].duration.total_seconds(), 1234)
        with self.assertRaises(json_format.ParseError):
            client.compute_routes(request=request, metadata=mask("*"), timeout=TIMEOUT)

    def test_wire_errors_are_classed_by_http_status_alone(self):
        envelopes = iter([
            (400, {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
                             "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                                          "domain": "googleapis.com", "metadata": {"service": "places.googleapis.com"}}]}}),
            (400, {"error": {"code": 400, "message": "status is not read", "status": "NOT_FOUND"}}),
            (403, {"error": {"code": 403, "message": "The request is missing a valid API key.", "status": "PERMISSION_DENIED"}}),
            (404, {"error": {"code": 404, "message": "not found", "status": "NOT_FOUND"}}),
            (429, {"error": {"code": 429, "message": "quota", "status": "RESOURCE_EXHAUSTED"}}),
        ])
        server = self.serve(lambda request: json_answer(*reversed(next(envelopes))))
        client = self.places(server)
        raised = []
        for _ in range(5):
            with self.assertRaises(exceptions.GoogleAPICallError) as error:
                client.get_place(name="places/A", metadata=mask("id"), timeout=TIMEOUT)
            raised.append(error.exception)
        self.assertEqual([type(error) for error in raised],
                         [exceptions.BadRequest, exceptions.BadRequest, exceptions.Forbidden, exceptions.NotFound, exceptions.TooManyRequests])
        self.assertEqual((raised[0].reason, raised[0].domain, raised[0].metadata),
                         ("API_KEY_INVALID", "googleapis.com", {"service": "places.googleapis.com"}))
        self.assertTrue(raised[0].message.endswith(": API key not valid. Please pass a valid API key."))
        self.assertEqual(raised[0].response.json()["error"]["status"], "INVALID_ARGUMENT")

    def test_wire_photo_redirect_cannot_be_followed(self):
        def answer(request):
            if request.path == "/image.jpg":
                return 200, {"Content-Type": "image/jpeg"}, b"\xff\xd8\xff\xe0FAKE"
            return 302, {"Location": f"http://{request.headers['host']}/image.jpg"}, b""
        server = self.serve(answer)
        with self.assertRaises(UnicodeDecodeError):
            self.places(server).get_photo_media(request={"name": "places/A/photos/P/media", "max_width_px": 400}, timeout=TIMEOUT)
        self.assertEqual([request.path for request in server.requests], ["/v1/places/A/photos/P/media", "/image.jpg"])
        self.assertEqual(server.requests[1].headers["x-goog-api-key"], GOOGLE_KEY)

    def test_wire_route_matrix_array_framing(self):
        element = {"originIndex": 0, "destinationIndex": 0, "duration": "60s"}
        bodies = iter([json.dumps([element, element], indent=2), "[]", json.dumps([element]) + "\n", " " + json.dumps([element])])
        server = self.serve(lambda request: (200, {"Content-Type": "application/json"}, next(bodies)))
        client = self.routes(server)
        request = {"origins": [{"waypoint": {"place_id": "A"}}], "destinations": [{"waypoint": {"place_id": "B"}}]}
        self.assertEqual(len(list(client.compute_route_matrix(request=request, metadata=mask("*"), timeout=TIMEOUT))), 2)
        self.assertEqual(list(client.compute_route_matrix(request=request, metadata=mask("*"), timeout=TIMEOUT)), [])
        for _ in range(2):  # a newline after `]`, a space before `[`
            with self.assertRaisesRegex(ValueError, "Can only parse array of JSON objects"):
                list(client.compute_route_matrix(request=request, metadata=mask("*"), timeout=TIMEOUT))

    def test_wire_no_key_sends_no_key(self):
        server = self.serve(lambda request: json_answer({"id": "A"}))
        self.places(server, key=None).get_place(name="places/A", metadata=mask("id"), timeout=TIMEOUT)
        self.assertNotIn("x-goog-api-key", server.requests[0].headers)
        self.assertNotIn("authorization", server.requests[0].headers)
        self.assertNotIn("key", server.requests[0].query)


# ---------------------------------------------------------------------------------------------
# Part 2: the bundled flows and errors, against `understudy serve`.

@unittest.skipUnless(BASE, "UNDERSTUDY_URL is not set (compat/run-python sets it)")
class ServedTest(unittest.TestCase):
    def setUp(self):
        admin("POST", "/reset")

    def assertAnswered(self, expected):
        self.assertEqual(answered(), expected)

    def places(self, key=GOOGLE_KEY):
        client = places_client(BASE, key)
        self.addCleanup(client.transport.close)
        return client

    def routes(self, key=GOOGLE_KEY):
        client = routes_client(BASE, key)
        self.addCleanup(client.transport.close)
        return client

    def one(self, provider, method, path_test, status=200):
        chosen = select(provider, method, path_test, status)
        self.assertTrue(chosen, f"no {provider} fixture for {method} with status {status}")
        return chosen


class PlacesNew(ServedTest):
    def nearby_fixtures(self):
        return self.one("places", "POST", lambda path: path == "/v1/places:searchNearby")

    def details_fixtures(self):
        return [(name, fixture, folder) for name, fixture, folder in self.one("places", "GET", is_place_path)
                if "{" not in fixture["request"]["path"]]

    def test_places_nearby_search_with_its_mask(self):
        expected = []
        for name, fixture, folder in self.nearby_fixtures():
            request = message_from(places_v1.SearchNearbyRequest, body_condition(fixture))
            answer = self.places().search_nearby(request=request, metadata=mask(literal(header_condition(fixture, "x-goog-fieldmask"))), timeout=TIMEOUT)
            recorded = response_json(fixture, folder)
            self.assertLessEqual(len(answer.places), 20, name)
            self.assertEqual([place.id for place in answer.places], [place.get("id") for place in recorded["places"]], name)
            expected.append(name)
        self.assertAnswered(expected)

    def test_places_text_search_pages(self):
        # Page 1 through the client (maxResultCount: the client's only size member); pages 2 and 3
        # through its HTTP stack, the token added to the body the client's types serialise.
        first = [(name, fixture, folder) for name, fixture, folder in self.one("places", "POST", lambda path: path == "/v1/places:searchText")
                 if "pageToken" not in body_condition(fixture)]
        chain = []
        for name, fixture, folder in first:
            if response_json(fixture, folder).get("nextPageToken"):
                chain.append((name, fixture, folder))
        self.assertTrue(chain, "no Text Search (New) fixture with a nextPageToken")
        name, fixture, folder = chain[0]
        body = body_condition(fixture)
        request = message_from(places_v1.SearchTextRequest, body, drop=("pageSize", "pageToken"))
        if "pageSize" in body:
            request.max_result_count = body["pageSize"]
        fields = literal(header_condition(fixture, "x-goog-fieldmask"))
        page1 = self.places().search_text(request=request, metadata=mask(fields), timeout=TIMEOUT)
        self.assertEqual(len(page1.places), len(response_json(fixture, folder)["places"]))
        self.assertEqual(answered(), [name])

        session = AuthorizedSession(google.auth.api_key.Credentials(GOOGLE_KEY))
        self.addCleanup(session.close)
        token, pages = response_json(fixture, folder)["nextPageToken"], [len(page1.places)]
        for _ in range(5):  # bounded: the bundled chain is three pages
            if not token:
                break
            sent = json.loads(json_format.MessageToJson(places_v1.SearchTextRequest.pb(request), use_integers_for_enums=True))
            sent["pageToken"] = token
            answer = session.post(f"{BASE}/v1/places:searchText", params={"$alt": ALT}, data=json.dumps(sent, indent=2),
                                  headers={"Content-Type": "application/json", "x-goog-fieldmask": fields}, timeout=TIMEOUT)
            self.assertEqual(answer.status_code, 200, answer.text[:300])
            pages.append(len(places_v1.SearchTextResponse.from_json(answer.text, ignore_unknown_fields=True).places))
            token = answer.json().get("nextPageToken")
        self.assertEqual(len(pages), 3, pages)
        self.assertTrue(all(0 < count <= 20 for count in pages), pages)
        journal = answered()
        self.assertEqual(len(journal), 3)
        self.assertNotIn("MISS", journal)
        self.assertTrue(all(entry.startswith("places/") for entry in journal), journal)

    def test_places_details(self):
        expected = []
        for name, fixture, folder in self.details_fixtures():
            place_id = fixture["request"]["path"].rsplit("/", 1)[1]
            place = self.places().get_place(name=f"places/{place_id}", metadata=mask(literal(header_condition(fixture, "x-goog-fieldmask"))), timeout=TIMEOUT)
            recorded = response_json(fixture, folder)
            self.assertEqual(place.id, recorded.get("id", place_id), name)
            self.assertEqual(present(place), set(recorded), name)
            expected.append(name)
        self.assertGreaterEqual(len(expected), 3)
        self.assertAnswered(expected)

    def test_places_narrower_mask_gets_only_its_fields(self):
        name, fixture, folder = max(self.details_fixtures(), key=lambda chosen: len(response_json(chosen[1], chosen[2])))
        place_id = fixture["request"]["path"].rsplit("/", 1)[1]
        place = self.places().get_place(name=f"places/{place_id}", metadata=mask("displayName.text,id"), timeout=TIMEOUT)
        self.assertEqual(present(place), {"id", "displayName"})
        self.assertEqual(present(place.display_name), {"text"})
        self.assertEqual(place.display_name.text, response_json(fixture, folder)["displayName"]["text"])
        self.assertAnswered([name])

    def photo_fixtures(self):
        redirect, skip = [], []
        for name, fixture, folder in self.one("places", "GET", is_media_path, status=302):
            redirect.append((name, fixture, folder))
        for name, fixture, folder in self.one("places", "GET", is_media_path):
            if literal(query_condition(fixture, "skipHttpRedirect")) == "true":
                skip.append((name, fixture, folder))
        return redirect, skip

    def photo_name(self, fixture):
        """The media name to ask for: the fixture's path, or, for a template, the first photo a
        bundled search answer names (as the app would: a photo of a place it has listed)."""
        path = fixture["request"]["path"]
        if "{" not in path:
            return path[len("/v1/"):]
        for name, search, folder in self.nearby_fixtures():
            for place in response_json(search, folder)["places"]:
                if place.get("photos"):
                    return place["photos"][0]["name"] + "/media"
        self.fail("no bundled Nearby Search (New) answer names a photo")

    def media_request(self, fixture, skip):
        request = {"name": self.photo_name(fixture), "skip_http_redirect": skip}
        for parameter, field in (("maxWidthPx", "max_width_px"), ("maxHeightPx", "max_height_px")):
            if literal(query_condition(fixture, parameter)):
                request[field] = int(query_condition(fixture, parameter))
        if "max_width_px" not in request and "max_height_px" not in request:
            request["max_width_px"] = 400
        return request

    def test_places_photo_media_json(self):
        _, skip = self.photo_fixtures()
        name, fixture, folder = skip[0]
        media = self.places().get_photo_media(request=self.media_request(fixture, True), timeout=TIMEOUT)
        self.assertEqual(media.name, self.media_request(fixture, True)["name"])
        self.assertTrue(media.photo_uri.startswith("http"), media.photo_uri)
        # The photoUri is where the app then fetches the image itself.
        with urllib.request.urlopen(media.photo_uri, timeout=TIMEOUT) as image:
            self.assertEqual(image.read(3), b"\xff\xd8\xff")
        journal = answered()
        self.assertEqual(journal[0], name)
        self.assertEqual(len(journal), 2)
        self.assertNotIn("MISS", journal)

    def test_places_photo_media_redirect(self):
        # The client follows the 302 and then parses the image as JSON (google-new-clients.md):
        # what counts is that the redirect and the image were both served.
        redirect, _ = self.photo_fixtures()
        name, fixture, folder = redirect[0]
        with self.assertRaises(UnicodeDecodeError):
            self.places().get_photo_media(request=self.media_request(fixture, False), timeout=TIMEOUT)
        journal = answered()
        self.assertEqual(journal[0], name)
        self.assertEqual(len(journal), 2)
        self.assertNotIn("MISS", journal)

    def test_places_autocomplete(self):
        expected = []
        for name, fixture, folder in self.one("places", "POST", lambda path: path == "/v1/places:autocomplete"):
            request = message_from(places_v1.AutocompletePlacesRequest, body_condition(fixture))
            fields = literal(header_condition(fixture, "x-goog-fieldmask"))
            answer = self.places().autocomplete_places(request=request, metadata=mask(fields) if fields else (), timeout=TIMEOUT)
            self.assertEqual(len(answer.suggestions), len(response_json(fixture, folder)["suggestions"]), name)
            self.assertTrue(answer.suggestions[0].place_prediction.place_id or answer.suggestions[0].query_prediction.text.text, name)
            expected.append(name)
        self.assertAnswered(expected)

    # Errors and the mask rules.

    def first_details_id(self):
        return self.details_fixtures()[0][1]["request"]["path"].rsplit("/", 1)[1]

    def test_places_no_mask_is_invalid_argument(self):
        nearby = message_from(places_v1.SearchNearbyRequest, body_condition(self.nearby_fixtures()[0][1]))
        for call in (lambda: self.places().get_place(name=f"places/{self.first_details_id()}", timeout=TIMEOUT),
                     lambda: self.places().search_nearby(request=nearby, timeout=TIMEOUT)):
            with self.assertRaises(exceptions.BadRequest) as raised:
                call()
            self.assertEqual(raised.exception.code, 400)
            self.assertIn("FieldMask is a required parameter", raised.exception.message)
            self.assertEqual(raised.exception.response.json()["error"]["status"], "INVALID_ARGUMENT")
        self.assertEqual(len(answered()), 2)
        self.assertTrue(all(entry.startswith("places: fieldMaskMissing") for entry in answered()), answered())

    def test_places_unknown_mask_path_is_invalid_argument(self):
        with self.assertRaises(exceptions.BadRequest) as raised:
            self.places().get_place(name=f"places/{self.first_details_id()}", metadata=mask("id,displayName.nickname"), timeout=TIMEOUT)
        self.assertIn("displayName.nickname", raised.exception.message)
        self.assertEqual(raised.exception.response.json()["error"]["status"], "INVALID_ARGUMENT")
        [entry] = answered()
        self.assertTrue(entry.startswith("places: fieldMaskUnknownPath"), entry)

    def test_places_bad_key_is_api_key_invalid(self):
        with self.assertRaises(exceptions.BadRequest) as raised:
            self.places(GOOGLE_REVOKED_KEY).get_place(name=f"places/{self.first_details_id()}", metadata=mask("id"), timeout=TIMEOUT)
        error = raised.exception
        self.assertEqual((error.code, error.reason, error.domain, error.metadata),
                         (400, "API_KEY_INVALID", "googleapis.com", {"service": "places.googleapis.com"}))
        self.assertTrue(error.message.endswith(": API key not valid. Please pass a valid API key."), error.message)
        self.assertAnswered(["places: apiKeyInvalid"])

    def test_places_no_key_is_permission_denied(self):
        with self.assertRaises(exceptions.Forbidden) as raised:
            self.places(key=None).get_place(name=f"places/{self.first_details_id()}", metadata=mask("id"), timeout=TIMEOUT)
        self.assertEqual(raised.exception.code, 403)
        self.assertEqual(raised.exception.response.json()["error"]["status"], "PERMISSION_DENIED")
        self.assertAnswered(["places: permissionDenied"])

    def test_places_unknown_place_is_not_found(self):
        name, fixture, folder = [chosen for chosen in self.one("places", "GET", is_place_path, status=404)
                                 if "{" not in chosen[1]["request"]["path"]][0]
        place_id = fixture["request"]["path"].rsplit("/", 1)[1]
        fields = literal(header_condition(fixture, "x-goog-fieldmask")) or "id"
        with self.assertRaises(exceptions.NotFound) as raised:
            self.places().get_place(name=f"places/{place_id}", metadata=mask(fields), timeout=TIMEOUT)
        self.assertEqual(raised.exception.response.json()["error"]["status"], "NOT_FOUND")
        self.assertAnswered([name])

    def test_places_max_result_count_21_is_invalid_argument(self):
        name, fixture, _ = self.nearby_fixtures()[0]
        request = message_from(places_v1.SearchNearbyRequest, body_condition(fixture))
        request.max_result_count = 21
        with self.assertRaises(exceptions.BadRequest) as raised:
            self.places().search_nearby(request=request, metadata=mask(literal(header_condition(fixture, "x-goog-fieldmask"))), timeout=TIMEOUT)
        self.assertEqual(raised.exception.response.json()["error"]["status"], "INVALID_ARGUMENT")
        self.assertIn("maxResultCount", raised.exception.message)
        [entry] = answered()
        self.assertTrue(entry.startswith("places: invalidArgument"), entry)


class RoutesNew(ServedTest):
    def test_routes_compute_routes_walk_and_drive(self):
        expected, modes = [], set()
        for name, fixture, folder in self.one("routes", "POST", lambda path: path == "/directions/v2:computeRoutes"):
            request = message_from(routing_v2.ComputeRoutesRequest, body_condition(fixture))
            answer = self.routes().compute_routes(request=request, metadata=mask(literal(header_condition(fixture, "x-goog-fieldmask"))), timeout=TIMEOUT)
            recorded = response_json(fixture, folder)["routes"][0]
            self.assertEqual(answer.routes[0].duration.total_seconds(), float(recorded["duration"].rstrip("s")), name)
            self.assertEqual(answer.routes[0].distance_meters, recorded.get("distanceMeters", 0), name)
            modes.add(request.travel_mode.name)
            expected.append(name)
        self.assertTrue({"WALK", "DRIVE"} <= modes, modes)
        self.assertAnswered(expected)

    def test_routes_route_matrix_is_an_array(self):
        expected = []
        for name, fixture, folder in self.one("routes", "POST", lambda path: path == "/distanceMatrix/v2:computeRouteMatrix"):
            request = message_from(routing_v2.ComputeRouteMatrixRequest, body_condition(fixture))
            elements = list(self.routes().compute_route_matrix(request=request, metadata=mask(literal(header_condition(fixture, "x-goog-fieldmask"))), timeout=TIMEOUT))
            recorded = response_json(fixture, folder)
            self.assertEqual(len(elements), len(recorded), name)
            self.assertEqual(sorted((e.origin_index, e.destination_index) for e in elements),
                             sorted((r.get("originIndex", 0), r.get("destinationIndex", 0)) for r in recorded), name)
            expected.append(name)
        self.assertAnswered(expected)

    def test_routes_no_mask_is_invalid_argument(self):
        _, fixture, _ = self.one("routes", "POST", lambda path: path == "/directions/v2:computeRoutes")[0]
        with self.assertRaises(exceptions.BadRequest) as raised:
            self.routes().compute_routes(request=message_from(routing_v2.ComputeRoutesRequest, body_condition(fixture)), timeout=TIMEOUT)
        self.assertIn("FieldMask is a required parameter", raised.exception.message)
        [entry] = answered()
        self.assertTrue(entry.startswith("routes: fieldMaskMissing"), entry)


CASES = (ClientsOnTheWire, PlacesNew, RoutesNew)


def load_tests(loader, tests, pattern):
    return suite_expecting(loader, CASES, EXPECTED_TO_FAIL)


if __name__ == "__main__":
    main(EXPECTED_TO_FAIL)
