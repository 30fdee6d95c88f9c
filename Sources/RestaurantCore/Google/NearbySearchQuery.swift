import Foundation

/// The parameters of a Places nearby search (ranked by prominence, within a radius).
public struct NearbySearchQuery: Sendable, Hashable {
    /// The center of the search.
    public var location: Coordinate
    /// Meters; Google clamps it to 50,000.
    public var radius: Int
    /// One place type (`restaurant`), or none for everything.
    public var type: String?
    /// Free text matched against everything Google knows of a place.
    public var keyword: String?

    /// A search around `location`.
    public init(location: Coordinate, radius: Int, type: String? = nil, keyword: String? = nil) {
        self.location = location
        self.radius = radius
        self.type = type
        self.keyword = keyword
    }

    /// The Places challenge: everything within 100 m of the current location.
    public static func around(_ location: Coordinate) -> NearbySearchQuery {
        NearbySearchQuery(location: location, radius: 100)
    }

    var queryItems: [URLQueryItem] {
        var items = [URLQueryItem(name: "location", value: location.commaSeparated), URLQueryItem(name: "radius", value: String(radius))]
        if let type { items.append(URLQueryItem(name: "type", value: type)) }
        if let keyword { items.append(URLQueryItem(name: "keyword", value: keyword)) }
        return items
    }
}
