import Foundation
import RestaurantCore

/// The repository's bundled fixtures, which every end-to-end test serves.
public let bundledFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("fixtures").path

/// The repository's provider contracts: every end-to-end test runs with them, so the apps are
/// held to what the real APIs accept and the providers' behaviours (page tokens, token expiry,
/// quotas, 304s) apply.
public let bundledContracts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("contracts").path

/// The canonical test credentials of docs/contracts.md: what the fixtures expect.
public let canonicalCredentials = Credentials(
    yelpAPIKey: "FAKE-understudy-yelp-api-key", googleAPIKey: "AIzaFAKE-understudy-test-key-0000000000",
    facebookAppID: "138483919580948", facebookAppSecret: "FAKE-understudy-app-secret")

/// Where the apps' users are and what they type.
public enum Places {
    /// The Places challenge's current location (Civic Center, San Francisco).
    public static let civicCenter = Coordinate(latitude: 37.7749, longitude: -122.4194)
    /// ZaHunter's current location (River North, Chicago).
    public static let riverNorth = Coordinate(latitude: 41.8947, longitude: -87.6345)
    /// The restaurant search lab's picked location.
    public static let sanFrancisco = YelpSearchQuery.Place.named("San Francisco, CA")
    /// Nine Bar's typed location.
    public static let cupertino = "Cupertino, CA"
}
