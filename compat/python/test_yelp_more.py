"""yelpapi 2.6.0 against `understudy serve` for the Yelp endpoints beyond search, details and
reviews (providers.md §1.9): autocomplete, categories, business match, phone search and
transaction search. Same setup as test_published_clients.py: yelpapi is not patched, only its
`*_API_URL` module constants are pointed at the served origin.

Each test drives the client's own method for the endpoint, checks the bundled fixture answered
(from the server's journal), and drives the documented errors as yelpapi surfaces them: a
requests HTTPError from raise_for_status, or a ValueError before anything is sent.

Run by compat/run-python (which starts the server and sets UNDERSTUDY_URL).
"""

import os
import unittest

import requests
import yelpapi

from understudy_compat import admin, answered, main, point_yelpapi_at_understudy

BASE = os.environ["UNDERSTUDY_URL"].rstrip("/")
YELP_KEY = "FAKE-understudy-yelp-api-key"
YELP_REVOKED_KEY = "FAKE-revoked-yelp-api-key"
# ZaHunter's start in River North (fixtures/yelp/search-pizza-near-point.json).
START = {"latitude": "41.8947", "longitude": "-87.6345"}
DEEP_DISH_DEPOT = "5Y_ytitDWTTW0JFtbznkTh"
MATCH = {"name": "Deep Dish Depot", "address1": "3210 S Wabash Ave", "city": "Chicago", "state": "IL", "country": "US"}


class YelpMore(unittest.TestCase):
    def setUp(self):
        admin("POST", "/reset")
        point_yelpapi_at_understudy()
        self.yelp = yelpapi.YelpAPI(YELP_KEY, timeout_s=10)

    def tearDown(self):
        self.yelp.close()

    def assertAnswered(self, expected):
        self.assertEqual(answered(), expected)

    def assertRefused(self, call, status, code, description=None):
        with self.assertRaises(requests.HTTPError) as raised:
            call()
        self.assertEqual(raised.exception.response.status_code, status)
        error = raised.exception.response.json()["error"]
        self.assertEqual(error["code"], code)
        if description is not None:
            self.assertEqual(error["description"], description)

    def test_autocomplete(self):
        answer = self.yelp.autocomplete_query(text="piz", **START)
        self.assertEqual([category["alias"] for category in answer["categories"]], ["pizza"])
        self.assertIn("z2jDB7pWRIFNQ0K1Mec3u6", [business["id"] for business in answer["businesses"]])
        self.assertTrue(answer["terms"])
        # A suggested business is the search's: the same id under the same name.
        search = self.yelp.search_query(term="pizza", sort_by="distance", limit=20, **START)
        names = {business["id"]: business["name"] for business in search["businesses"]}
        for business in answer["businesses"]:
            self.assertEqual(names[business["id"]], business["name"])
        self.assertAnswered(["yelp/autocomplete-piz-near-point.json", "yelp/search-pizza-near-point.json"])

    def test_categories(self):
        aliases = {category["alias"] for category in self.yelp.categories_query()["categories"]}
        self.assertTrue({"restaurants", "coffee", "pizza"} <= aliases)
        category = self.yelp.category_query("pizza")["category"]
        self.assertEqual(category["title"], "Pizza")
        self.assertEqual(category["parent_aliases"], ["restaurants"])
        self.assertAnswered(["yelp/categories.json", "yelp/category-pizza.json"])

    def test_phone_search(self):
        answer = self.yelp.phone_search_query(phone="+13125550190")
        self.assertEqual([business["id"] for business in answer["businesses"]], [DEEP_DISH_DEPOT])
        self.assertAnswered(["yelp/search-phone-deep-dish-depot.json"])

    def test_business_match(self):
        answer = self.yelp.business_match_query(**MATCH)
        self.assertEqual([business["id"] for business in answer["businesses"]], [DEEP_DISH_DEPOT])
        self.assertAnswered(["yelp/match-deep-dish-depot.json"])

    def test_transaction_search(self):
        answer = self.yelp.transaction_search_query("delivery", **START)
        self.assertEqual(answer["total"], 2)
        self.assertTrue(all("delivery" in business["transactions"] for business in answer["businesses"]))
        self.assertAnswered(["yelp/transactions-delivery-near-point.json"])

    def test_documented_errors(self):
        self.assertRefused(lambda: self.yelp.phone_search_query(phone="3125550190"), 400, "VALIDATION_ERROR",
                           "The supplied phone: 3125550190 is invalid.")
        self.assertRefused(lambda: self.yelp.business_match_query(limit=11, **MATCH), 400, "VALIDATION_ERROR",
                           "The supplied limit: 11 is invalid.")
        self.assertRefused(lambda: self.yelp.transaction_search_query("pickup", **START), 400, "VALIDATION_ERROR",
                           "The supplied transaction_type: pickup is invalid.")
        self.assertRefused(lambda: self.yelp.autocomplete_query(text="piz", latitude="91", longitude="-87.6345"), 400,
                           "VALIDATION_ERROR", "The supplied latitude: 91 is invalid.")
        revoked = yelpapi.YelpAPI(YELP_REVOKED_KEY, timeout_s=10)
        try:
            self.assertRefused(lambda: revoked.categories_query(), 401, "TOKEN_INVALID")
        finally:
            revoked.close()
        self.assertAnswered(["yelp: validationError"] * 4 + ["yelp: tokenInvalid"])
        # yelpapi checks its required members itself: nothing is sent.
        with self.assertRaises(ValueError):
            self.yelp.business_match_query(name="Deep Dish Depot", city="Chicago", state="IL", country="US")
        with self.assertRaises(ValueError):
            self.yelp.autocomplete_query(**START)
        self.assertEqual(len(answered()), 5)


if __name__ == "__main__":
    main()
