import Foundation

/// The services the restaurant apps talk to.
public enum Provider: String, Codable, Sendable, Hashable, CaseIterable {
    /// Yelp Fusion (`https://api.yelp.com`).
    case yelp
    /// Google Places and Directions, the legacy web services (`https://maps.googleapis.com`).
    case google
    /// Google Places API (New) (`https://places.googleapis.com`).
    case placesV1
    /// Google Routes API (`https://routes.googleapis.com`).
    case routesV2
    /// Facebook login over the Graph API (`https://graph.facebook.com`).
    case facebook
    /// The Bottle Rocket lunch feed (`https://s3.amazonaws.com`).
    case feed

    /// Where the real service answers.
    public var realOrigin: URL {
        switch self {
        case .yelp: URL(string: "https://api.yelp.com")!
        case .google: URL(string: "https://maps.googleapis.com")!
        case .placesV1: URL(string: "https://places.googleapis.com")!
        case .routesV2: URL(string: "https://routes.googleapis.com")!
        case .facebook: URL(string: "https://graph.facebook.com")!
        case .feed: URL(string: "https://s3.amazonaws.com")!
        }
    }
}
