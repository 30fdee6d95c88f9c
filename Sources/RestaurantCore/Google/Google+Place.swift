extension Google {
    /// A place, as nearby search lists it and as details return it (which adds the address,
    /// phone, website, hours and reviews).
    public struct Place: Codable, Sendable, Hashable {
        /// `OPERATIONAL`, `CLOSED_TEMPORARILY` or `CLOSED_PERMANENTLY`; absent without data.
        public let businessStatus: String?
        /// `geometry`, as the provider sends it.
        public let geometry: Geometry?
        /// `icon`, as the provider sends it.
        public let icon: String?
        /// `icon_background_color`, as the provider sends it.
        public let iconBackgroundColor: String?
        /// `icon_mask_base_uri`, as the provider sends it.
        public let iconMaskBaseURI: String?
        /// `name`, as the provider sends it.
        public let name: String
        /// `opening_hours`, as the provider sends it.
        public let openingHours: OpeningHours?
        /// At most one in search results, up to ten in details.
        public let photos: [Photo]?
        /// `place_id`, as the provider sends it.
        public let placeID: String
        /// 0 to 4.
        public let priceLevel: Int?
        /// 1.0 to 5.0.
        public let rating: Double?
        /// `types`, as the provider sends it.
        public let types: [String]?
        /// `user_ratings_total`, as the provider sends it.
        public let userRatingsTotal: Int?
        /// A short address (search).
        public let vicinity: String?
        /// `formatted_address`, as the provider sends it.
        public let formattedAddress: String?
        /// `formatted_phone_number`, as the provider sends it.
        public let formattedPhoneNumber: String?
        /// `international_phone_number`, as the provider sends it.
        public let internationalPhoneNumber: String?
        /// `website`, as the provider sends it.
        public let website: String?
        /// The place's Google Maps page.
        public let url: String?
        /// `reviews`, as the provider sends it.
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
        /// `html_attributions`, as the provider sends it.
        public let htmlAttributions: [String]
        /// `results`, as the provider sends it.
        public let results: [Place]
        /// `status`, as the provider sends it.
        public let status: String
        /// `next_page_token`, as the provider sends it.
        public let nextPageToken: String?
        /// `error_message`, as the provider sends it.
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case results, status
            case htmlAttributions = "html_attributions", nextPageToken = "next_page_token", errorMessage = "error_message"
        }
    }

    /// The answer to `/maps/api/place/details/json`; `result` is absent when not found.
    public struct DetailsAnswer: Codable, Sendable, Hashable, GoogleStatusAnswer {
        /// `html_attributions`, as the provider sends it.
        public let htmlAttributions: [String]
        /// `result`, as the provider sends it.
        public let result: Place?
        /// `status`, as the provider sends it.
        public let status: String
        /// `error_message`, as the provider sends it.
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case result, status
            case htmlAttributions = "html_attributions", errorMessage = "error_message"
        }
    }
}
