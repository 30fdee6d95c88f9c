/// The Bottle Rocket lunch feed (`restaurants.json`), as `providers.md` §4 describes it: some
/// fields are absent on some entries, and `contact` can be `null`.
public enum Feed {
    /// The whole document.
    public struct Document: Codable, Sendable, Hashable {
        public let restaurants: [Restaurant]
    }

    /// One restaurant of the feed.
    public struct Restaurant: Codable, Sendable, Hashable {
        public let name: String
        /// An `http://` URL on `sandbox.bottlerocketapps.com`.
        public let backgroundImageURL: String
        public let category: String
        /// `null` for some restaurants.
        public let contact: Contact?
        public let location: Location
    }

    /// How to reach a restaurant; only the phone is always there.
    public struct Contact: Codable, Sendable, Hashable {
        /// Digits only: `"9723872337"`.
        public let phone: String
        public let formattedPhone: String
        public let twitter: String?
        public let facebook: String?
        public let facebookUsername: String?
        public let facebookName: String?
    }

    /// Where a restaurant is.
    public struct Location: Codable, Sendable, Hashable {
        public let address: String
        public let crossStreet: String?
        public let lat: Double
        public let lng: Double
        public let postalCode: String?
        public let cc: String
        public let city: String
        public let state: String
        public let country: String
        /// Always three lines: street, city line, country.
        public let formattedAddress: [String]
    }
}
