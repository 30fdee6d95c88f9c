/// The Bottle Rocket lunch feed (`restaurants.json`), as `providers.md` §4 describes it: some
/// fields are absent on some entries, and `contact` can be `null`.
public enum Feed {
    /// The whole document.
    public struct Document: Codable, Sendable, Hashable {
        /// `restaurants`, as the provider sends it.
        public let restaurants: [Restaurant]
    }

    /// One restaurant of the feed.
    public struct Restaurant: Codable, Sendable, Hashable {
        /// `name`, as the provider sends it.
        public let name: String
        /// An `http://` URL on `sandbox.bottlerocketapps.com`.
        public let backgroundImageURL: String
        /// `category`, as the provider sends it.
        public let category: String
        /// `null` for some restaurants.
        public let contact: Contact?
        /// `location`, as the provider sends it.
        public let location: Location
    }

    /// How to reach a restaurant; only the phone is always there.
    public struct Contact: Codable, Sendable, Hashable {
        /// Digits only: `"9723872337"`.
        public let phone: String
        /// `formattedPhone`.
        public let formattedPhone: String
        /// `twitter`, as the provider sends it.
        public let twitter: String?
        /// `facebook`, as the provider sends it.
        public let facebook: String?
        /// `facebookUsername`.
        public let facebookUsername: String?
        /// `facebookName`.
        public let facebookName: String?
    }

    /// Where a restaurant is.
    public struct Location: Codable, Sendable, Hashable {
        /// `address`, as the provider sends it.
        public let address: String
        /// `crossStreet`.
        public let crossStreet: String?
        /// `lat`, as the provider sends it.
        public let lat: Double
        /// `lng`, as the provider sends it.
        public let lng: Double
        /// `postalCode`.
        public let postalCode: String?
        /// `cc`, as the provider sends it.
        public let cc: String
        /// `city`, as the provider sends it.
        public let city: String
        /// `state`, as the provider sends it.
        public let state: String
        /// `country`, as the provider sends it.
        public let country: String
        /// Always three lines: street, city line, country.
        public let formattedAddress: [String]
    }
}
