extension PlacesV1 {
    /// The fields of a place a screen reads, sent as the `X-Goog-FieldMask` header. Google
    /// requires a mask, answers with those fields only and bills the request at the highest
    /// SKU among them, so each screen asks for what it shows and nothing more. The client
    /// puts `places.` in front for the searches.
    public struct FieldMask: Sendable, Hashable {
        /// Paths within a place: `displayName`, `currentOpeningHours.openNow`, …
        public var paths: [String]

        /// A mask of `paths`.
        public init(_ paths: [String]) {
            self.paths = paths
        }

        /// A list row: a name, an address, a photo and a map pin (Nearby Search Pro, Text Search Pro).
        public static let listRows = FieldMask(["id", "displayName", "formattedAddress", "location", "photos", "primaryType"])

        /// A list row with the rating, the price and an open-now badge: those fields are
        /// billed at Enterprise.
        public static let listRowsWithBadges = FieldMask(listRows.paths + ["rating", "userRatingCount", "priceLevel", "currentOpeningHours.openNow"])

        /// The details screen: phone, website, the week's hours, photos and reviews. Reviews
        /// are billed at Enterprise + Atmosphere.
        public static let details = FieldMask([
            "id", "displayName", "formattedAddress", "location", "rating", "userRatingCount", "nationalPhoneNumber", "websiteUri",
            "googleMapsUri", "regularOpeningHours", "photos", "reviews",
        ])

        /// The header's value: each path under `prefix`, then `extra` as it is.
        func header(prefix: String = "", extra: [String] = []) -> String {
            (paths.map { prefix + $0 } + extra).joined(separator: ",")
        }
    }
}
