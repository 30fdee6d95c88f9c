/// Yelp Fusion v3: the shapes of its answers, as `providers.md` §1 describes them.
public enum Yelp {
    /// A category: `{"alias": "thai", "title": "Thai"}`.
    public struct Category: Codable, Sendable, Hashable {
        /// The slug used in `categories=` filters.
        public let alias: String
        /// The name shown to people.
        public let title: String
    }

    /// Coordinates; either value can be `null`.
    public struct Coordinates: Codable, Sendable, Hashable {
        public let latitude: Double?
        public let longitude: Double?
    }

    /// A postal address. `address2`/`address3` may be `""` or `null`; `zip_code` may be `""`.
    public struct Location: Codable, Sendable, Hashable {
        public let address1: String?
        public let address2: String?
        public let address3: String?
        public let city: String?
        public let zipCode: String?
        public let country: String?
        public let state: String?
        /// The address as Yelp shows it, one line per element.
        public let displayAddress: [String]
        /// Details only, and not always.
        public let crossStreets: String?

        enum CodingKeys: String, CodingKey {
            case address1, address2, address3, city, country, state
            case zipCode = "zip_code", displayAddress = "display_address", crossStreets = "cross_streets"
        }
    }

    /// The `{"error": {"code", "description"}}` envelope of every Yelp error.
    public struct ErrorAnswer: Codable, Sendable, Hashable {
        /// The error itself.
        public struct Detail: Codable, Sendable, Hashable {
            /// `LOCATION_NOT_FOUND`, `VALIDATION_ERROR`, `ACCESS_LIMIT_REACHED`, …
            public let code: String
            public let description: String?
            /// Some validation errors name the offending field.
            public let field: String?
            public let instance: String?
        }
        public let error: Detail
    }
}
