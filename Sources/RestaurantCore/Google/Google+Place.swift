extension Google {
    /// A place, as nearby search lists it and as details return it (which adds the address,
    /// phone, website, hours and reviews).
    public struct Place: Codable, Sendable, Hashable {
        /// `OPERATIONAL`, `CLOSED_TEMPORARILY` or `CLOSED_PERMANENTLY`; absent without data.
        public let businessStatus: String?
        public let geometry: Geometry?
        public let icon: String?
        public let iconBackgroundColor: String?
        public let iconMaskBaseURI: String?
        public let name: String
        public let openingHours: OpeningHours?
        /// At most one in search results, up to ten in details.
        public let photos: [Photo]?
        public let placeID: String
        /// 0 to 4.
        public let priceLevel: Int?
        /// 1.0 to 5.0.
        public let rating: Double?
        public let types: [String]?
        public let userRatingsTotal: Int?
        /// A short address (search).
        public let vicinity: String?
        public let formattedAddress: String?
        public let formattedPhoneNumber: String?
        public let internationalPhoneNumber: String?
        public let website: String?
        /// The place's Google Maps page.
        public let url: String?
        public let reviews: [Review]?
        /// Minutes from UTC.
        public let utcOffset: Int?

        enum CodingKeys: String, CodingKey {
            case geometry, icon, name, photos, rating, types, vicinity, website, url, reviews
            case businessStatus = "business_status", iconBackgroundColor = "icon_background_color"
            case iconMaskBaseURI = "icon_mask_base_uri", openingHours = "opening_hours", placeID = "place_id"
            case priceLevel = "price_level", userRatingsTotal = "user_ratings_total"
            case formattedAddress = "formatted_address", formattedPhoneNumber = "formatted_phone_number"
            case internationalPhoneNumber = "international_phone_number", utcOffset = "utc_offset"
        }
    }

    /// The answer to `/maps/api/place/nearbysearch/json`: up to 20 places and, unless this is
    /// the last page, a token for the next (valid only after a short delay).
    public struct NearbySearchAnswer: Codable, Sendable, Hashable, GoogleStatusAnswer {
        public let htmlAttributions: [String]
        public let results: [Place]
        public let status: String
        public let nextPageToken: String?
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case results, status
            case htmlAttributions = "html_attributions", nextPageToken = "next_page_token", errorMessage = "error_message"
        }
    }

    /// The answer to `/maps/api/place/details/json`; `result` is absent when not found.
    public struct DetailsAnswer: Codable, Sendable, Hashable, GoogleStatusAnswer {
        public let htmlAttributions: [String]
        public let result: Place?
        public let status: String
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case result, status
            case htmlAttributions = "html_attributions", errorMessage = "error_message"
        }
    }
}
