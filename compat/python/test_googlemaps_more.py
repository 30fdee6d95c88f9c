"""googlemaps 4.10.0 against `understudy serve`: the legacy web services beyond the seed apps' paths.

Issue 41's Google half: Text Search with its page tokens (`places`), Find Place (`find_place`),
Place Autocomplete (`places_autocomplete`, with a session token, then the prediction's details),
Geocoding both ways (`geocode`, `reverse_geocode`) and Distance Matrix (`distance_matrix`), each
driven through the published client exactly as test_published_clients.py drives nearby search:
only `base_url` points at the served Understudy. Every test then states which fixture or
provider answer served each request, from the server's journal.

Run by compat/run-python (which starts the server and sets UNDERSTUDY_URL).
"""

import os
import unittest

import googlemaps

from understudy_compat import admin, answered, main

BASE = os.environ["UNDERSTUDY_URL"].rstrip("/")

# The canonical fake credentials of docs/contracts.md.
GOOGLE_KEY = "AIzaFAKE-understudy-test-key-0000000000"
GOOGLE_REVOKED_KEY = "AIzaFAKE-revoked-test-key-0000000000000"

HERE = (41.8947, -87.6345)
WELLS, TAVERN, DEEP_DISH, WICKER = "41.899432,-87.632186", "41.900635,-87.648312", "41.875854,-87.625288", "41.905305,-87.673674"
LITTLE_LEMONGRASS = "ChIJHApqc1aX4vabdI3Wk3mW612"


class GoogleMapsMore(unittest.TestCase):
    def setUp(self):
        admin("POST", "/reset")

    def client(self, key=GOOGLE_KEY):
        # retry_over_query_limit off: an OVER_QUERY_LIMIT must surface, not be retried for 60 s.
        return googlemaps.Client(key=key, base_url=BASE, retry_over_query_limit=False, retry_timeout=5)

    def assertAnswered(self, expected):
        self.assertEqual(answered(), expected)

    def test_text_search_pages(self):
        # places() sends minprice=0&maxprice=4 on every call, page tokens included (providers.md §2.7).
        client = self.client()
        page1 = client.places("restaurants near Civic Center, San Francisco", location=(37.7749, -122.4194), radius=100)
        self.assertEqual(len(page1["results"]), 20)
        self.assertEqual(page1["results"][1]["formatted_address"], "1390 Market Street, San Francisco, CA 94102, USA")
        # Used at once, the page token is not valid yet: Google's INVALID_REQUEST.
        with self.assertRaises(googlemaps.exceptions.ApiError) as early:
            client.places(page_token=page1["next_page_token"])
        self.assertEqual(early.exception.status, "INVALID_REQUEST")
        admin("POST", "/clock", {"advanceSeconds": 3})
        page2 = client.places(page_token=page1["next_page_token"])
        self.assertEqual(page2["results"][0]["place_id"], LITTLE_LEMONGRASS)
        admin("POST", "/clock", {"advanceSeconds": 3})
        page3 = client.places(page_token=page2["next_page_token"])
        self.assertEqual(len(page3["results"]), 5)
        self.assertNotIn("next_page_token", page3)
        self.assertAnswered([
            "google/textsearch-page1.json", "google: invalidRequest (page token not valid yet)",
            "google/textsearch-page2.json", "google/textsearch-page3.json"])

    def test_find_place_with_fields(self):
        fields = ["business_status", "formatted_address", "geometry", "name", "opening_hours", "place_id", "rating"]
        found = self.client().find_place("Civic Center Noodle Co.", "textquery", fields=fields)
        self.assertEqual(found["status"], "OK")
        self.assertEqual(found["candidates"][0]["place_id"], "ChIJvIOIRITlUBdN6OH1pSlAZxS")
        self.assertEqual(sorted(found["candidates"][0]), fields)
        bare = self.client().find_place("Civic Center Noodle Co.", "textquery")
        self.assertEqual(bare["candidates"], [{"place_id": "ChIJvIOIRITlUBdN6OH1pSlAZxS"}])
        self.assertAnswered(["google/findplace-civic-center-noodle-co-fields.json", "google/findplace-civic-center-noodle-co.json"])

    def test_autocomplete_in_a_session_then_details(self):
        client = self.client()
        session = "5f0c2a8e-4b1d-4c3e-9a7f-2d6b8e1c0a93"
        predictions = client.places_autocomplete("Little Lem", session_token=session, location=(37.7749, -122.4194), radius=500)
        self.assertEqual(predictions[0]["place_id"], LITTLE_LEMONGRASS)
        place = client.place(predictions[0]["place_id"], session_token=session)
        self.assertEqual(place["result"]["name"], "Little Lemongrass Thai")
        self.assertEqual(client.places_autocomplete("zzqxj"), [])
        self.assertAnswered([
            "google/autocomplete-little-lem.json", "google/details-little-lemongrass-thai-placeid.json",
            "google/errors/autocomplete-zero-results.json"])

    def test_geocode_both_ways(self):
        client = self.client()
        mart = client.geocode("222 W Merchandise Mart Plaza, Chicago, IL")
        self.assertEqual(mart[0]["geometry"]["location"], {"lat": 41.8947, "lng": -87.6345})
        back = client.reverse_geocode(HERE)
        self.assertEqual(back[0]["place_id"], mart[0]["place_id"])
        city = client.geocode("San Francisco, CA")
        civic = client.reverse_geocode((37.7749, -122.4194))
        self.assertEqual(civic[1]["place_id"], city[0]["place_id"])
        # A string without a comma is sent as place_id (providers.md §2.9).
        self.assertEqual(client.reverse_geocode(city[0]["place_id"]), city)
        self.assertEqual(client.geocode("0 Understudy Nowhere Street, Atlantis"), [])
        self.assertAnswered([
            "google/geocode-merchandise-mart.json", "google/geocode-reverse-merchandise-mart.json",
            "google/geocode-san-francisco.json", "google/geocode-reverse-civic-center.json",
            "google/geocode-place-id-san-francisco.json", "google/errors/geocode-zero-results.json"])

    def test_geocode_revoked_key_is_request_denied(self):
        with self.assertRaises(googlemaps.exceptions.ApiError) as denied:
            self.client(GOOGLE_REVOKED_KEY).geocode("Cupertino, CA")
        self.assertEqual(denied.exception.status, "REQUEST_DENIED")
        self.assertEqual(denied.exception.message, "The provided API key is invalid.")
        self.assertAnswered(["google: requestDenied"])

    def test_distance_matrix_for_the_tour(self):
        matrix = self.client().distance_matrix([HERE, WELLS, TAVERN, DEEP_DISH], [WELLS, TAVERN, DEEP_DISH, WICKER], mode="driving")
        self.assertEqual(matrix["status"], "OK")
        legs = [matrix["rows"][i]["elements"][i]["duration"]["value"] for i in range(4)]
        self.assertEqual(legs, [200, 346, 721, 1062])  # the driving directions fixtures' legs
        walking = self.client().distance_matrix([HERE], [WELLS, TAVERN, DEEP_DISH, WICKER, "41.85312,-87.654817"], mode="walking")
        self.assertEqual(len(walking["rows"][0]["elements"]), 5)
        self.assertAnswered(["google/distancematrix-driving-zahunter-tour.json", "google/distancematrix-walking-here-to-pizza-places.json"])

    def test_distance_matrix_too_many_elements(self):
        with self.assertRaises(googlemaps.exceptions.ApiError) as refused:
            self.client().distance_matrix([HERE] * 11, [WELLS] * 10)
        self.assertEqual(refused.exception.status, "MAX_ELEMENTS_EXCEEDED")
        self.assertAnswered(["google/errors/distancematrix-max-elements-exceeded.json"])


if __name__ == "__main__":
    main()
