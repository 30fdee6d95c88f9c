/// Google Places API (New) (`places.googleapis.com/v1`): the shapes of its answers and of the
/// bodies the core posts. An answer holds only the fields the request's field mask asked for,
/// so nearly every member is optional; errors come as ``GoogleCloudErrorAnswer`` with a 4xx status.
public enum PlacesV1 {
    /// `{"latitude", "longitude"}`, in degrees.
    public struct LatLng: Codable, Sendable, Hashable {
        /// `latitude`, as the provider sends it.
        public let latitude: Double
        /// `longitude`, as the provider sends it.
        public let longitude: Double

        /// A point as the API writes it.
        public init(_ coordinate: Coordinate) {
            latitude = coordinate.latitude
            longitude = coordinate.longitude
        }

        /// The point as the core's ``Coordinate``.
        public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    }

    /// Text in a language: `{"text": "Market & Tenth Deli", "languageCode": "en"}`.
    public struct LocalizedText: Codable, Sendable, Hashable {
        /// `text`, as the provider sends it.
        public let text: String
        /// `languageCode`, as the provider sends it.
        public let languageCode: String?
    }

    /// Who took a photo or wrote a review.
    public struct AuthorAttribution: Codable, Sendable, Hashable {
        /// `displayName`, as the provider sends it.
        public let displayName: String?
        /// The author's Google Maps profile.
        public let uri: String?
        /// The author's picture (sometimes without a scheme: `//lh3.googleusercontent.com/…`).
        public let photoUri: String?
    }
}
