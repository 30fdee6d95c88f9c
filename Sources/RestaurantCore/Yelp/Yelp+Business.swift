extension Yelp {
    /// A business, as search results list it and as the details endpoint returns it (which
    /// adds `is_claimed`, `photos` and `hours`, and drops `distance`).
    public struct Business: Codable, Sendable, Hashable {
        /// `id`, as the provider sends it.
        public let id: String
        /// `alias`, as the provider sends it.
        public let alias: String
        /// `name`, as the provider sends it.
        public let name: String
        /// May be `""`.
        public let imageURL: String
        /// Closed for good, not "closed now".
        public let isClosed: Bool
        /// The business's Yelp page.
        public let url: String
        /// `review_count`, as the provider sends it.
        public let reviewCount: Int
        /// `categories`, as the provider sends it.
        public let categories: [Category]
        /// 1 to 5 in steps of 0.5.
        public let rating: Double
        /// `coordinates`, as the provider sends it.
        public let coordinates: Coordinates?
        /// `transactions`, as the provider sends it.
        public let transactions: [String]
        /// `$` to `$$$$`; absent when unknown.
        public let price: String?
        /// `location`, as the provider sends it.
        public let location: Location
        /// E.164 (`+14152520800`) or `""`.
        public let phone: String
        /// `display_phone`, as the provider sends it.
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
            /// `end`, as the provider sends it.
            public let end: String
            /// Ends on the next day.
            public let isOvernight: Bool

            enum CodingKeys: String, CodingKey {
                case day, start, end
                case isOvernight = "is_overnight"
            }
        }

        /// `hours_type`, as the provider sends it.
        public let hoursType: String
        /// `is_open_now`, as the provider sends it.
        public let isOpenNow: Bool
        /// `open`, as the provider sends it.
        public let open: [Opening]

        enum CodingKeys: String, CodingKey {
            case open
            case hoursType = "hours_type", isOpenNow = "is_open_now"
        }
    }
}
