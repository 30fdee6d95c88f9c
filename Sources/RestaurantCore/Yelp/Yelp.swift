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
        /// `latitude`, as the provider sends it.
        public let latitude: Double?
        /// `longitude`, as the provider sends it.
        public let longitude: Double?
    }

    /// A postal address. `address2`/`address3` may be `""` or `null`; `zip_code` may be `""`.
    public struct Location: Codable, Sendable, Hashable {
        /// `address1`, as the provider sends it.
        public let address1: String?
        /// `address2`, as the provider sends it.
        public let address2: String?
        /// `address3`, as the provider sends it.
        public let address3: String?
        /// `city`, as the provider sends it.
        public let city: String?
        /// `zip_code`, as the provider sends it.
        public let zipCode: String?
        /// `country`, as the provider sends it.
        public let country: String?
        /// `state`, as the provider sends it.
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
            /// `description`, as the provider sends it.
            public let description: String?
            /// Some validation errors name the offending field.
            public let field: String?
            /// `instance`, as the provider sends it.
            public let instance: String?
        }
        /// `error`, as the provider sends it.
        public let error: Detail
    }
}
