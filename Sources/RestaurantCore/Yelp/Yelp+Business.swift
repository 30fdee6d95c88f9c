extension Yelp {
    /// A business, as search results list it and as the details endpoint returns it (which
    /// adds `is_claimed`, `photos` and `hours`, and drops `distance`).
    public struct Business: Codable, Sendable, Hashable {
        public let id: String
        public let alias: String
        public let name: String
        /// May be `""`.
        public let imageURL: String
        /// Closed for good, not "closed now".
        public let isClosed: Bool
        /// The business's Yelp page.
        public let url: String
        public let reviewCount: Int
        public let categories: [Category]
        /// 1 to 5 in steps of 0.5.
        public let rating: Double
        public let coordinates: Coordinates?
        public let transactions: [String]
        /// `$` to `$$$$`; absent when unknown.
        public let price: String?
        public let location: Location
        /// E.164 (`+14152520800`) or `""`.
        public let phone: String
        public let displayPhone: String
        /// Meters from the search point (search only).
        public let distance: Double?
        /// Details only.
        public let isClaimed: Bool?
        /// Details only: URLs of up to three photos.
        public let photos: [String]?
        /// Details only.
        public let hours: [Hours]?

        enum CodingKeys: String, CodingKey {
            case id, alias, name, url, categories, rating, coordinates, transactions, price, location, phone, distance, photos, hours
            case imageURL = "image_url", isClosed = "is_closed", reviewCount = "review_count"
            case displayPhone = "display_phone", isClaimed = "is_claimed"
        }
    }

    /// Opening hours of one kind (`REGULAR`).
    public struct Hours: Codable, Sendable, Hashable {
        /// One opening; a day may have several (split shifts), and closed days are absent.
        public struct Opening: Codable, Sendable, Hashable {
            /// 0 is Monday, 6 Sunday.
            public let day: Int
            /// `HHMM`.
            public let start: String
            public let end: String
            /// Ends on the next day.
            public let isOvernight: Bool

            enum CodingKeys: String, CodingKey {
                case day, start, end
                case isOvernight = "is_overnight"
            }
        }

        public let hoursType: String
        public let isOpenNow: Bool
        public let open: [Opening]

        enum CodingKeys: String, CodingKey {
            case open
            case hoursType = "hours_type", isOpenNow = "is_open_now"
        }
    }
}
