import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite struct ContractLoadingTests {
    @Test func theBundledPacksLoadAndRouteEachProvidersPaths() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        #expect(contracts.packs.map(\.provider).sorted() == ["facebook", "feed", "google", "places", "routes", "yelp"])
        let cases: [(String, String, String?)] = [
            ("/v3/businesses/search?location=SF", "yelp", "searchBusinesses"),
            ("/v3/businesses/WEqlq4iL1g3eufXq0OJtzj/reviews", "yelp", "getBusinessReviews"),
            ("/maps/api/place/nearbysearch/json?location=1,2", "google", "nearbySearch"),
            ("/v19.0/me?fields=id", "facebook", "getMe"),
            ("/me/permissions", "facebook", "getMyPermissions"),
            ("/br-codingexams/restaurants.json", "feed", "getRestaurants"),
            ("/v1/places/ChIJMUcLyRd9qEmo14w5P1jH0H3", "places", "getPlace"),
            ("/v1/places/ChIJMUcLyRd9qEmo14w5P1jH0H3/photos/ref/media?maxWidthPx=400", "places", "getPhotoMedia"),
            ("/v3/nothing-here", "yelp", nil),
        ]
        for (target, provider, operation) in cases {
            let route = contracts.route(Request(method: "GET", target: target))
            #expect(route?.pack.provider == provider, "\(target)")
            #expect(route?.operationID == operation, "\(target)")
        }
        #expect(contracts.route(Request(method: "GET", target: "/elsewhere")) == nil)
        // Google's custom methods: a colon in the last segment, each an exact route.
        for (target, provider, operation) in [
            ("/v1/places:searchNearby", "places", "searchNearby"), ("/v1/places:searchText", "places", "searchText"),
            ("/directions/v2:computeRoutes", "routes", "computeRoutes"), ("/distanceMatrix/v2:computeRouteMatrix", "routes", "computeRouteMatrix"),
        ] {
            let route = contracts.route(Request(method: "POST", target: target))
            #expect(route?.pack.provider == provider, "\(target)")
            #expect(route?.operationID == operation, "\(target)")
        }
    }

    @Test func aBrokenPackIsReportedByFileAndJSONPath() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        try folder.write("yelp.openapi.json", """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {"/v3/x/{id}": {"get": {"operationId": "x", "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integr"}}],
                       "responses": {"200": {"description": "ok"}}}}},
             "x-understudy": {"provider": "yelp", "routes": ["/v3/"], "invalidRequest": "nope", "errros": {}}}
            """)
        #expect {
            try Contracts.load(from: folder.root)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("contract file") && text.contains("$[\"x-understudy\"].errros: unknown member \"errros\"")
                && text.contains("no answer named \"nope\"") && text.contains("path placeholder {id} has no parameter")
                && text.contains("$.paths[\"/v3/x/{id}\"].get.parameters[0].schema: schema:")
        }
    }
}

/// Graph's answer to a DELETE is `true` or `{"success": true}`; written as `oneOf`, so code
/// generators keep both forms (a `type: [boolean, object]` became a plain Bool).
@Test func graphsDeletedAnswerIsEitherFormAndNothingElse() throws {
    let facebook = try #require(try Contracts.load(from: bundledContractsPath).pack(named: "facebook"))
    let revoke = try #require(facebook.operations.first { $0.id == "revokeMyPermissions" })
    let schema = try #require(revoke.response(for: 200)?.schema(for: "application/json"))
    #expect(schema.isValid(true))
    #expect(schema.isValid(["success": true]))
    #expect(!schema.isValid("true"))
    #expect(!schema.isValid(1))
    let text = try String(contentsOfFile: bundledContractsPath + "/facebook.openapi.json", encoding: .utf8)
    let deleted = try #require(try JSONParser.parse(Array(text.utf8))["components"]?["schemas"]?["Deleted"])
    #expect(deleted["oneOf"]?.arrayValue?.count == 2)
    #expect(deleted["type"] == nil)
}
