import Testing

@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// Where a path goes among the bundled packs: the provider, the path as its contract writes it
/// (a Graph version removed), the operation.
@Suite("Routing among the packs")
struct RoutingTests {
    @Test func eachPathGoesToItsProviderWithTheVersionRemoved() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        let cases: [(method: String, path: String, provider: String?, contractPath: String?, operation: String?)] = [
            ("GET", "/v3/businesses/search", "yelp", "/v3/businesses/search", "searchBusinesses"),
            ("GET", "/v3/businesses/abc-123/reviews", "yelp", "/v3/businesses/abc-123/reviews", "getBusinessReviews"),
            ("GET", "/v19.0/me", "facebook", "/me", "getMe"),
            ("GET", "/v2.8/debug_token", "facebook", "/debug_token", "debugToken"),
            ("GET", "/me", "facebook", "/me", "getMe"),
            ("DELETE", "/v19.0/me/permissions", "facebook", "/me/permissions", "revokeMyPermissions"),
            ("GET", "/v19.0/somewhere-else", nil, nil, nil),  // versioned, but no Graph route holds the rest
            ("GET", "/v4/businesses/search", nil, nil, nil),
            ("GET", "/maps/api/place/nearbysearch/json", "google", "/maps/api/place/nearbysearch/json", "nearbySearch"),
            ("GET", "/br-codingexams/restaurants.json", "feed", "/br-codingexams/restaurants.json", "getRestaurants"),
        ]
        for expected in cases {
            let route = contracts.route(method: expected.method, path: expected.path)
            #expect(route?.pack.provider == expected.provider, "\(expected.path)")
            #expect(route?.contractPath == expected.contractPath, "\(expected.path)")
            #expect(route?.operationID == expected.operation, "\(expected.path)")
        }
    }
}
