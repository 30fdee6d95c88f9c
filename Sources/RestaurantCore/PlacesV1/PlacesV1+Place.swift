extension PlacesV1 {
    /// A place, as the searches list it and as Place Details (New) returns it. Only `id` is
    /// required: every mask the core sends asks for it; the rest is there when the mask asked
    /// for it and Google knows it (a deli with no website has no `websiteUri`).
    public struct Place: Codable, Sendable, Hashable {
        /// The place id (the legacy API's `place_id`).
        public let id: String
        /// `places/{id}`: the resource name.
        public let name: String?
        /// The name shown.
        public let displayName: LocalizedText?
        /// Every type of the place (`restaurant`, `food`, …).
        public let types: [String]?
        /// The main type (`thai_restaurant`).
        public let primaryType: String?
        /// The number as people write it in the place's country.
        public let nationalPhoneNumber: String?
        /// The number with its country code.
        public let internationalPhoneNumber: String?
        /// The full address.
        public let formattedAddress: String?
        /// A short address (the legacy `vicinity`).
        public let shortFormattedAddress: String?
        /// Where it is.
        public let location: LatLng?
        /// 1.0 to 5.0.
        public let rating: Double?
        /// The place's Google Maps page.
        public let googleMapsUri: String?
        /// The place's own website.
        public let websiteUri: String?
        /// The usual week.
        public let regularOpeningHours: OpeningHours?
        /// The next seven days, exceptions included; `openNow` is what lists show.
        public let currentOpeningHours: OpeningHours?
        /// How many ratings `rating` rests on.
        public let userRatingCount: Int?
        /// `PRICE_LEVEL_INEXPENSIVE` … `PRICE_LEVEL_VERY_EXPENSIVE`.
        public let priceLevel: String?
        /// `OPERATIONAL`, `CLOSED_TEMPORARILY`, `CLOSED_PERMANENTLY`.
        public let businessStatus: String?
        /// Up to ten photos, fetched through the photo media endpoint by `name`.
        public let photos: [Photo]?
        /// Up to five reviews.
        public let reviews: [Review]?
        /// An icon's URL without its extension (add `.png` or `.svg`).
        public let iconMaskBaseUri: String?
        /// The icon's background, `#RRGGBB`.
        public let iconBackgroundColor: String?
        /// Minutes from UTC.
        public let utcOffsetMinutes: Int?
    }

    /// A photo, to be fetched through the photo media endpoint by `name`.
    public struct Photo: Codable, Sendable, Hashable {
        /// `places/{placeId}/photos/{photoId}`.
        public let name: String
        /// `widthPx`, as the provider sends it.
        public let widthPx: Int?
        /// `heightPx`, as the provider sends it.
        public let heightPx: Int?
        /// Credits that must be shown with the photo.
        public let authorAttributions: [AuthorAttribution]?
        /// Where to report the photo.
        public let flagContentUri: String?
        /// The photo on Google Maps.
        public let googleMapsUri: String?
    }

    /// Opening hours: `day` 0 is Sunday.
    public struct OpeningHours: Codable, Sendable, Hashable {
        /// One opening, from `open` to `close`.
        public struct Period: Codable, Sendable, Hashable {
            /// `open`, as the provider sends it.
            public let open: Point
            /// Absent for a place open around the clock.
            public let close: Point?
        }

        /// A day and a time. Google leaves out a member that is zero (midnight, Sunday).
        public struct Point: Codable, Sendable, Hashable {
            /// 0 (Sunday) to 6.
            public let day: Int?
            /// 0 to 23.
            public let hour: Int?
            /// 0 to 59.
            public let minute: Int?

            /// `HHMM`, as the legacy API and the core write a time.
            public var hhmm: String {
                let digits = { (value: Int) in value < 10 ? "0\(value)" : String(value) }
                return digits(hour ?? 0) + digits(minute ?? 0)
            }
        }

        /// `openNow`, as the provider sends it.
        public let openNow: Bool?
        /// `periods`, as the provider sends it.
        public let periods: [Period]?
        /// `["Monday: 7:00 AM – 4:00 PM", …]`, Monday first.
        public let weekdayDescriptions: [String]?
    }

    /// A review (details only, up to five).
    public struct Review: Codable, Sendable, Hashable {
        /// `places/{placeId}/reviews/{reviewId}`.
        public let name: String?
        /// "a month ago".
        public let relativePublishTimeDescription: String?
        /// 1 to 5.
        public let rating: Double?
        /// The review, translated when the request asked for another language.
        public let text: LocalizedText?
        /// The review as written.
        public let originalText: LocalizedText?
        /// Who wrote it.
        public let authorAttribution: AuthorAttribution?
        /// RFC 3339.
        public let publishTime: String?
    }
}
