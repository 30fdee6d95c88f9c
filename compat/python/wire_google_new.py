"""What google-maps-places and google-maps-routing send, and what they accept: the research
behind compat/python/google-new-clients.md.

Runs every call of both clients, over their REST transport, against a recording server on
127.0.0.1 (wire_capture.py) and prints each request and each answer's outcome as JSON lines.
No network beyond 127.0.0.1; a fake key. Run with the venv that has the clients:

    .build-python-new/bin/python3 compat/python/wire_google_new.py
"""

import base64
import json
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from google.api_core import exceptions as core_exceptions  # noqa: E402
from google.maps import places_v1, routing_v2  # noqa: E402
from google.maps.places_v1.services.places.transports.rest import PlacesRestTransport  # noqa: E402
from google.maps.routing_v2.services.routes.transports.rest import RoutesRestTransport  # noqa: E402

from wire_capture import CaptureServer, json_answer  # noqa: E402

KEY = "AIzaFAKE-understudy-test-key-0000000000"
JPEG = base64.b64decode("/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP////////////////////////////////////////////////////////////////////////////////////8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP/Z")


def places_client(server):
    return places_v1.PlacesClient(transport="rest", client_options={"api_endpoint": server.url, "api_key": KEY})


def routes_client(server):
    return routing_v2.RoutesClient(transport="rest", client_options={"api_endpoint": server.url, "api_key": KEY})


def show(label, server, outcome):
    for request in server.requests:
        print(json.dumps({"call": label, "request": request.as_dict()}))
    print(json.dumps({"call": label, "outcome": outcome}, default=str))
    server.requests.clear()


def run(label, server, call):
    try:
        result = call()
        outcome = {"ok": type(result).__name__, "value": to_jsonable(result)}
    except core_exceptions.GoogleAPICallError as error:
        outcome = {"raised": type(error).__name__, "mro": [c.__name__ for c in type(error).__mro__[:4]],
                   "code": error.code, "grpc_status_code": str(error.grpc_status_code),
                   "message": error.message, "reason": error.reason, "domain": error.domain,
                   "metadata": error.metadata, "details": error.details}
    except Exception as error:  # noqa: BLE001 - the research records whatever the client does
        outcome = {"raised": type(error).__name__, "message": str(error)[:300],
                   "where": traceback.format_exc().strip().splitlines()[-3:]}
    show(label, server, outcome)


def to_jsonable(result):
    if hasattr(result, "__iter__") and not hasattr(type(result), "to_json") and not isinstance(result, (str, bytes, dict)):
        return [to_jsonable(item) for item in result]
    if hasattr(type(result), "to_json"):
        return json.loads(type(result).to_json(result, use_integers_for_enums=False))
    return result


MASK = [("x-goog-fieldmask", "places.id,places.displayName,places.priceLevel")]
CIRCLE = {"circle": {"center": {"latitude": 37.7749, "longitude": -122.4194}, "radius": 500.0}}


def places_requests():
    # Every request shape once, answered with a small valid body.
    def answer(request):
        if request.path.startswith("/redirected/"):
            return 200, {"Content-Type": "image/jpeg"}, JPEG
        if request.path.endswith("/media"):
            if request.query.get("skipHttpRedirect") == ["true"]:
                return json_answer({"name": request.path[len("/v1/"):], "photoUri": "https://lh3.googleusercontent.com/place-photos/FAKE=s4800-w400"})
            return 302, {"Location": f"http://{request.headers['host']}/redirected/photo.jpg"}, b""
        if request.path == "/v1/places:autocomplete":
            return json_answer({"suggestions": [{"placePrediction": {"place": "places/ChIJFAKE", "placeId": "ChIJFAKE", "text": {"text": "Tony's Pizza", "matches": [{"endOffset": 4}]}}}]})
        if request.path.startswith("/v1/places/"):
            return json_answer({"name": "places/ChIJFAKE", "id": "ChIJFAKE", "displayName": {"text": "Tony's", "languageCode": "en"}})
        return json_answer({"places": [{"id": "ChIJFAKE"}], "nextPageToken": "FAKE-token"})

    with CaptureServer(answer) as server:
        client = places_client(server)
        run("search_nearby", server, lambda: client.search_nearby(request={
            "location_restriction": CIRCLE, "included_types": ["restaurant"], "max_result_count": 20,
            "rank_preference": places_v1.SearchNearbyRequest.RankPreference.DISTANCE, "language_code": "en"}, metadata=MASK, timeout=10))
        run("search_text", server, lambda: client.search_text(request={
            "text_query": "pizza", "max_result_count": 20, "location_bias": CIRCLE, "open_now": True, "min_rating": 4.0,
            "price_levels": [places_v1.PriceLevel.PRICE_LEVEL_INEXPENSIVE, places_v1.PriceLevel.PRICE_LEVEL_MODERATE]}, metadata=MASK, timeout=10))
        # The proto has no page_size / page_token: the client refuses them before sending.
        run("search_text page_token", server, lambda: client.search_text(request={"text_query": "pizza", "page_token": "FAKE-token"}, metadata=MASK, timeout=10))
        run("search_text page_size", server, lambda: client.search_text(request={"text_query": "pizza", "page_size": 20}, metadata=MASK, timeout=10))
        run("get_place", server, lambda: client.get_place(request={"name": "places/ChIJFAKE", "language_code": "en", "session_token": "S1"},
                                                          metadata=[("x-goog-fieldmask", "id,displayName")], timeout=10))
        run("get_place name=", server, lambda: client.get_place(name="places/ChIJFAKE", metadata=[("x-goog-fieldmask", "*")], timeout=10))
        run("get_photo_media", server, lambda: client.get_photo_media(request={"name": "places/ChIJFAKE/photos/PHOTO1/media", "max_width_px": 400}, timeout=10))
        run("get_photo_media skip", server, lambda: client.get_photo_media(request={"name": "places/ChIJFAKE/photos/PHOTO1/media", "max_width_px": 400, "max_height_px": 300, "skip_http_redirect": True}, timeout=10))
        run("autocomplete_places", server, lambda: client.autocomplete_places(request={
            "input": "pizz", "location_bias": CIRCLE, "included_primary_types": ["restaurant"], "session_token": "S1"}, timeout=10))
        run("no mask", server, lambda: client.get_place(name="places/ChIJFAKE", timeout=10))
        run("mask via $fields parameter? (metadata only)", server, lambda: client.get_place(name="places/ChIJFAKE", metadata=[("x-goog-fieldmask", "id")], timeout=10))


def answers_accepted():
    # The same call (get_place) answered in different forms: which does the client parse?
    bodies = {
        "enum names": {"id": "A", "priceLevel": "PRICE_LEVEL_MODERATE", "businessStatus": "OPERATIONAL"},
        "enum numbers": {"id": "A", "priceLevel": 3, "businessStatus": 1},
        "unknown enum name": {"id": "A", "priceLevel": "PRICE_LEVEL_SOMETHING_NEW"},
        "unknown field": {"id": "A", "somethingNew": {"x": 1}, "displayName": {"text": "T", "extra": 2}},
        "int as string": {"id": "A", "userRatingCount": "120"},
        "rating as string": {"id": "A", "rating": "4.5"},
        "publishTime RFC3339": {"id": "A", "reviews": [{"publishTime": "2026-01-02T12:00:00.123456Z"}]},
        "bad publishTime": {"id": "A", "reviews": [{"publishTime": "1767355200"}]},
        "null member": {"id": "A", "displayName": None},
        "leading BOM": "\ufeff{\"id\": \"A\"}",
        "trailing newline": "{\"id\": \"A\"}\n",
        "html 500": None,
    }
    errors = {
        "400 INVALID_ARGUMENT + ErrorInfo": (400, {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
                                                             "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com", "metadata": {"service": "places.googleapis.com"}}]}}),
        "400 with status NOT_FOUND": (400, {"error": {"code": 400, "message": "m", "status": "NOT_FOUND"}}),
        "403 PERMISSION_DENIED": (403, {"error": {"code": 403, "message": "The request is missing a valid API key.", "status": "PERMISSION_DENIED"}}),
        "404 NOT_FOUND": (404, {"error": {"code": 404, "message": "Requested entity was not found.", "status": "NOT_FOUND"}}),
        "429 RESOURCE_EXHAUSTED": (429, {"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}),
        "500 INTERNAL": (500, {"error": {"code": 500, "message": "Internal error", "status": "INTERNAL"}}),
        "503 UNAVAILABLE": (503, {"error": {"code": 503, "message": "The service is currently unavailable.", "status": "UNAVAILABLE"}}),
        "400 array envelope": (400, [{"error": {"code": 400, "message": "in an array", "status": "INVALID_ARGUMENT"}}]),
        "400 not json": (400, "<html>Bad</html>"),
        "200 error envelope": (200, {"error": {"code": 400, "message": "m", "status": "INVALID_ARGUMENT"}}),
    }
    current = {}

    def answer(request):
        status, body = current["answer"]
        if body is None:
            return status, {"Content-Type": "text/html"}, "<html>500</html>"
        if isinstance(body, str) and status != 200 and not body.startswith("<"):
            return status, {"Content-Type": "application/json"}, body
        if isinstance(body, str):
            return status, {"Content-Type": "application/json" if status == 200 else "text/html"}, body
        return json_answer(body, status)

    with CaptureServer(answer) as server:
        client = places_client(server)
        for label, body in bodies.items():
            current["answer"] = (500 if body is None else 200, body)
            run(f"accepts? {label}", server, lambda: client.get_place(name="places/A", metadata=[("x-goog-fieldmask", "*")], timeout=10))
        for label, (status, body) in errors.items():
            current["answer"] = (status, body)
            run(f"error {label}", server, lambda: client.get_place(name="places/A", metadata=[("x-goog-fieldmask", "*")], timeout=10))


def routes_requests():
    matrix_bodies = {
        "array pretty": json.dumps([{"originIndex": 0, "destinationIndex": 0, "duration": "600s", "distanceMeters": 800, "status": {}, "condition": "ROUTE_EXISTS"},
                                    {"destinationIndex": 1, "duration": "720s", "distanceMeters": 950, "condition": 1}], indent=2),
        "array compact": json.dumps([{"originIndex": 0, "destinationIndex": 0, "duration": "600s"}], separators=(",", ":")),
        "array + trailing newline": json.dumps([{"destinationIndex": 0, "duration": "600s"}]) + "\n",
        "leading whitespace": "\n" + json.dumps([{"destinationIndex": 0}]),
        "empty array": "[]",
        "element with error status": json.dumps([{"originIndex": 0, "destinationIndex": 0, "status": {"code": 5, "message": "No route"}, "condition": "ROUTE_NOT_FOUND"}]),
        "not an array": json.dumps({"originIndex": 0}),
        "string with braces": json.dumps([{"destinationIndex": 0, "localizedValues": {"duration": {"text": "10 {min} \"x\" ]"}}}]),
    }
    current = {}

    def answer(request):
        if request.path == "/directions/v2:computeRoutes":
            return json_answer({"routes": [{"duration": "1234s", "staticDuration": "1200s", "distanceMeters": 5678,
                                            "polyline": {"encodedPolyline": "a~l~Fjk~uOwHJy@P"},
                                            "legs": [{"duration": "1234s", "distanceMeters": 5678, "travelAdvisory": {"speedReadingIntervals": []}}],
                                            "routeLabels": ["DEFAULT_ROUTE"], "travelAdvisory": {"tollInfo": {}}}],
                                "geocodingResults": {}})
        return 200, {"Content-Type": "application/json"}, current["matrix"]

    with CaptureServer(answer) as server:
        client = routes_client(server)
        here = {"location": {"lat_lng": {"latitude": 37.7749, "longitude": -122.4194}}}
        there = {"location": {"lat_lng": {"latitude": 37.7800, "longitude": -122.4100}}}
        mask = [("x-goog-fieldmask", "routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline,routes.legs.duration")]
        run("compute_routes WALK", server, lambda: client.compute_routes(request={"origin": here, "destination": there, "travel_mode": routing_v2.RouteTravelMode.WALK}, metadata=mask, timeout=10))
        run("compute_routes DRIVE", server, lambda: client.compute_routes(request={
            "origin": here, "destination": {"place_id": "ChIJFAKE"}, "travel_mode": "DRIVE", "routing_preference": "TRAFFIC_AWARE",
            "departure_time": {"seconds": 1767355200, "nanos": 0}, "units": "METRIC", "compute_alternative_routes": False,
            "language_code": "en-US"}, metadata=mask, timeout=10))
        run("compute_routes address", server, lambda: client.compute_routes(request={"origin": {"address": "1 Market St, San Francisco"}, "destination": there,
                                                                                     "travel_mode": "BICYCLE", "intermediates": [{"via": True, "location": {"lat_lng": {"latitude": 1, "longitude": 2}}}]}, metadata=mask, timeout=10))
        matrix_mask = [("x-goog-fieldmask", "originIndex,destinationIndex,duration,distanceMeters,status,condition")]
        for label, body in matrix_bodies.items():
            current["matrix"] = body
            run(f"compute_route_matrix {label}", server, lambda: list(client.compute_route_matrix(request={
                "origins": [{"waypoint": here}], "destinations": [{"waypoint": there}, {"waypoint": {"place_id": "ChIJFAKE"}}],
                "travel_mode": "WALK"}, metadata=matrix_mask, timeout=10)))


if __name__ == "__main__":
    places_requests()
    answers_accepted()
    routes_requests()
