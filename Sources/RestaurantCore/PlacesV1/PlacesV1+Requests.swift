extension PlacesV1 {
    /// A circle on the map: `{"circle": {"center": {…}, "radius": 100.0}}`.
    public struct Area: Codable, Sendable, Hashable {
        /// The circle itself.
        public struct Circle: Codable, Sendable, Hashable {
            /// `center`, as the provider takes it.
            public let center: LatLng
            /// Meters, 0 to 50,000.
            public let radius: Double
        }

        /// `circle`, as the provider takes it.
        public let circle: Circle

        /// The circle of `radius` meters around `center`.
        public init(center: Coordinate, radius: Double) {
            circle = Circle(center: LatLng(center), radius: radius)
        }
    }

    /// The body of a Nearby Search (New): places inside a circle, the most prominent first.
    public struct NearbySearch: Codable, Sendable, Hashable {
        /// Only places inside this circle.
        public var locationRestriction: Area
        /// Only places of these types (`restaurant`), or every type when `nil`.
        public var includedTypes: [String]?
        /// 1 to 20; Google's default is 20.
        public var maxResultCount: Int?
        /// `POPULARITY` (Google's default) or `DISTANCE`.
        public var rankPreference: String?

        /// A search inside the circle of `radius` meters around `center`.
        public init(center: Coordinate, radius: Double, includedTypes: [String]? = nil, maxResultCount: Int? = 20, rankPreference: String? = nil) {
            locationRestriction = Area(center: center, radius: radius)
            self.includedTypes = includedTypes
            self.maxResultCount = maxResultCount
            self.rankPreference = rankPreference
        }

        /// The Places challenge: the top 20 of everything within 100 m of the current location.
        public static func around(_ location: Coordinate) -> NearbySearch {
            NearbySearch(center: location, radius: 100)
        }
    }

    /// The body of a Text Search (New): places matching a query, biased towards a circle, a page
    /// at a time. The next page is asked with the same body and the last answer's token.
    public struct TextSearch: Codable, Sendable, Hashable {
        /// What to look for: `pizza`, `restaurants in Civic Center`, …
        public var textQuery: String
        /// Prefer places in this circle.
        public var locationBias: Area?
        /// 1 to 20 places a page; Google's default is 20.
        public var pageSize: Int?
        /// `RELEVANCE` (Google's default) or `DISTANCE`.
        public var rankPreference: String?
        /// Only places of this type.
        public var includedType: String?

        /// A search for `textQuery`, near `center` when given.
        public init(textQuery: String, near center: Coordinate? = nil, radius: Double = 100, pageSize: Int? = 20, rankPreference: String? = nil, includedType: String? = nil) {
            self.textQuery = textQuery
            locationBias = center.map { Area(center: $0, radius: radius) }
            self.pageSize = pageSize
            self.rankPreference = rankPreference
            self.includedType = includedType
        }

        /// The Places challenge's paged list: every place within 100 m, 20 a page.
        public static func around(_ location: Coordinate) -> TextSearch {
            TextSearch(textQuery: "places", near: location, radius: 100, pageSize: 20)
        }
    }

    /// The body of `places:searchText`: the search and, for a later page, its token.
    struct TextSearchBody: Encodable {
        let textQuery: String
        let locationBias: Area?
        let pageSize: Int?
        let rankPreference: String?
        let includedType: String?
        let pageToken: String?

        init(_ search: TextSearch, pageToken: String?) {
            textQuery = search.textQuery
            locationBias = search.locationBias
            pageSize = search.pageSize
            rankPreference = search.rankPreference
            includedType = search.includedType
            self.pageToken = pageToken
        }
    }

    /// The body of `places:autocomplete`.
    struct AutocompleteBody: Encodable {
        let input: String
        let locationBias: Area?
    }
}
