import Foundation

/// Which provider a restaurant came from, and its id there.
public struct RestaurantID: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Where the restaurant came from.
    public var provider: Provider
    /// Yelp business id, Google place id, or the feed entry's name.
    public var value: String

    /// An id.
    public init(provider: Provider, value: String) {
        self.provider = provider
        self.value = value
    }

    /// `provider:id`, for logs.
    public var description: String { "\(provider.rawValue):\(value)" }
}

/// A restaurant as the screens show it, whichever provider it came from.
public struct Restaurant: Codable, Sendable, Hashable, Identifiable {
    /// The provider and its id.
    public var id: RestaurantID
    /// The name shown.
    public var name: String
    /// Category names, most specific first.
    public var categories: [String]
    /// 1 to 5.
    public var rating: Double?
    /// How many reviews the rating rests on.
    public var reviewCount: Int?
    /// The address, one line per element.
    public var addressLines: [String]
    /// A number to dial (E.164 or digits).
    public var phone: String?
    /// The number as people write it.
    public var displayPhone: String?
    /// Where it is, for a map pin.
    public var coordinate: Coordinate?
    /// The main picture.
    public var imageURL: URL?
    /// Further pictures (details).
    public var photoURLs: [URL]
    /// A small icon (Google).
    public var iconURL: URL?
    /// The Yelp page, the website, or the Google Maps page.
    public var webURL: URL?
    /// Open at the time of the request, when the provider says.
    public var isOpenNow: Bool?
    /// Meters from where the search was made.
    public var distance: Double?

    /// A restaurant with every field given.
    public init(
        id: RestaurantID, name: String, categories: [String] = [], rating: Double? = nil, reviewCount: Int? = nil,
        addressLines: [String] = [], phone: String? = nil, displayPhone: String? = nil, coordinate: Coordinate? = nil,
        imageURL: URL? = nil, photoURLs: [URL] = [], iconURL: URL? = nil, webURL: URL? = nil, isOpenNow: Bool? = nil, distance: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.categories = categories
        self.rating = rating
        self.reviewCount = reviewCount
        self.addressLines = addressLines
        self.phone = phone
        self.displayPhone = displayPhone
        self.coordinate = coordinate
        self.imageURL = imageURL
        self.photoURLs = photoURLs
        self.iconURL = iconURL
        self.webURL = webURL
        self.isOpenNow = isOpenNow
        self.distance = distance
    }
}

extension URL {
    /// A URL from provider text, treating `""` as none.
    init?(provided text: String?) {
        guard let text, !text.isEmpty else { return nil }
        self.init(string: text)
    }
}

extension String {
    /// `nil` for the empty string, which providers use for "unknown".
    var nonEmpty: String? { isEmpty ? nil : self }
}
