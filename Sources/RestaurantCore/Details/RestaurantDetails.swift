/// One opening of a restaurant in the week.
public struct OpeningPeriod: Codable, Sendable, Hashable {
    /// 0 is Monday, 6 Sunday (Yelp's numbering; Google's Sunday-first days are converted).
    public var weekday: Int
    /// `HHMM`.
    public var opens: String
    /// `HHMM`; `nil` when open around the clock.
    public var closes: String?

    /// A period.
    public init(weekday: Int, opens: String, closes: String?) {
        self.weekday = weekday
        self.opens = opens
        self.closes = closes
    }
}

/// A review excerpt.
public struct Review: Codable, Sendable, Hashable {
    /// Who wrote it.
    public var author: String
    /// 1 to 5.
    public var rating: Int
    /// The review, or Yelp's excerpt of it.
    public var text: String
    /// As the provider wrote it.
    public var time: String

    /// A review.
    public init(author: String, rating: Int, text: String, time: String) {
        self.author = author
        self.rating = rating
        self.text = text
        self.time = time
    }
}

/// What a details screen shows: the restaurant with its photos, hours and reviews.
public struct RestaurantDetails: Sendable, Hashable {
    /// The restaurant, with its photos, phone and web page.
    public var restaurant: Restaurant
    /// The openings of a week, Monday first.
    public var hours: [OpeningPeriod]
    /// Review excerpts.
    public var reviews: [Review]

    /// Details.
    public init(restaurant: Restaurant, hours: [OpeningPeriod] = [], reviews: [Review] = []) {
        self.restaurant = restaurant
        self.hours = hours
        self.reviews = reviews
    }
}
