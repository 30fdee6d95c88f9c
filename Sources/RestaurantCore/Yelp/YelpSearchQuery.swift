import Foundation

/// The parameters of a Yelp business search, with the presets the apps use.
public struct YelpSearchQuery: Sendable, Hashable {
    /// Where to search: a typed location, or coordinates.
    public enum Place: Sendable, Hashable {
        /// `location=`, e.g. `"San Francisco, CA"`.
        case named(String)
        /// `latitude=` and `longitude=`.
        case coordinate(Coordinate)
    }

    /// `sort_by=`.
    public enum Order: String, Sendable, Hashable {
        case bestMatch = "best_match"
        case distance
        case rating
        case reviewCount = "review_count"
    }

    /// Ten miles, the restaurant search lab's radius, in meters.
    public static let tenMiles = 16093

    /// Keywords, or a business name; none searches everything.
    public var term: String?
    /// Where to search.
    public var place: Place
    /// Category aliases (`restaurants`).
    public var categories: [String]
    /// Meters, at most 40,000.
    public var radius: Int?
    /// Results per page, at most 50.
    public var limit: Int?
    /// How results are sorted; Yelp's default is best match.
    public var order: Order?
    /// Only businesses open now.
    public var openNow: Bool

    /// A search with the given parameters.
    public init(term: String? = nil, place: Place, categories: [String] = [], radius: Int? = nil, limit: Int? = nil, order: Order? = nil, openNow: Bool = false) {
        self.term = term
        self.place = place
        self.categories = categories
        self.radius = radius
        self.limit = limit
        self.order = order
        self.openNow = openNow
    }

    /// The restaurant search lab: restaurants within ten miles, 20 a page, optionally matching
    /// `keywords`, best match first or nearest first.
    public static func restaurants(keywords: String? = nil, near place: Place, order: Order = .bestMatch) -> YelpSearchQuery {
        YelpSearchQuery(term: keywords, place: place, categories: ["restaurants"], radius: tenMiles, limit: 20, order: order)
    }

    /// Nine Bar: coffee shops open now at a typed location, at most ten.
    public static func coffeeOpenNow(in location: String) -> YelpSearchQuery {
        YelpSearchQuery(term: "coffee", place: .named(location), limit: 10, openNow: true)
    }

    /// ZaHunter: pizza places around a point, nearest first.
    public static func pizza(near coordinate: Coordinate) -> YelpSearchQuery {
        YelpSearchQuery(term: "pizza", place: .coordinate(coordinate), limit: 20, order: .distance)
    }

    /// The query string, with `offset` when it is past the first page.
    func queryItems(offset: Int = 0, limit overriddenLimit: Int? = nil) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let term { items.append(URLQueryItem(name: "term", value: term)) }
        switch place {
        case .named(let location):
            items.append(URLQueryItem(name: "location", value: location))
        case .coordinate(let coordinate):
            items.append(URLQueryItem(name: "latitude", value: String(coordinate.latitude)))
            items.append(URLQueryItem(name: "longitude", value: String(coordinate.longitude)))
        }
        if !categories.isEmpty { items.append(URLQueryItem(name: "categories", value: categories.joined(separator: ","))) }
        if let radius { items.append(URLQueryItem(name: "radius", value: String(radius))) }
        if let limit = overriddenLimit ?? limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let order { items.append(URLQueryItem(name: "sort_by", value: order.rawValue)) }
        if openNow { items.append(URLQueryItem(name: "open_now", value: "true")) }
        if offset > 0 { items.append(URLQueryItem(name: "offset", value: String(offset))) }
        return items
    }
}
