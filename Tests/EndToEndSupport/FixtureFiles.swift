/// The fixture files each flow is answered by, as the journal names them, so that a test says
/// which requests a flow made (`expectRequests(answeredBy:count:)`) without spelling paths.
public enum FixtureFiles {
    /// The restaurant search lab.
    public enum SearchLab {
        public static let bestMatch = "yelp/search-restaurants-san-francisco-best-match.json"
        public static let distance = "yelp/search-restaurants-san-francisco-distance.json"
        public static let thaiNearest = "yelp/search-keywords-thai-location.json"
        public static let sushiAroundHere = "yelp/search-keywords-sushi-coordinates.json"
        /// Marlowe's Hearth, the first best match, and its reviews.
        public static let firstDetails = "yelp/business-details.json"
        public static let firstReviews = "yelp/reviews/business-reviews-marlowes-hearth.json"
        /// Golden Lantern Dim Sum, the second best match: where a swipe to the next lands.
        public static let secondDetails = "yelp/business-details-golden-lantern-dim-sum.json"
        public static let secondReviews = "yelp/reviews/business-reviews-golden-lantern-dim-sum.json"
    }

    /// Nine Bar.
    public enum NineBar {
        public static let coffee = "yelp/search-coffee-open-now.json"
        public static let details = "yelp/business-details-blue-oak-coffee-roasters.json"
        public static let reviews = "yelp/reviews/business-reviews-blue-oak-coffee-roasters.json"
        public static let photos = (1...3).map { "yelp/photos/blue-oak-coffee-roasters-photo-\($0).json" }
    }

    /// Bottle Rocket lunch.
    public enum Lunch {
        public static let feed = "feed/restaurants.json"
        public static let notModified = "feed/restaurants-not-modified.json"
        /// The images of the first five rows, in the feed's order; Pluckers' is `no-store`.
        public static let firstRowImages = ["hopdoddy", "pappadeaux", "yardhouse", "pluckers", "ramen-hakata"].map { "feed/\($0)-image.json" }
        public static let noStoreImage = "feed/pluckers-image.json"
    }

    /// The Google Places challenge.
    public enum Places {
        public static let page1 = "google/nearbysearch-page1.json"
        public static let page2 = "google/nearbysearch-page2.json"
        /// Page 2's token asked before Google made it valid (scenario `places-page-token` in `TooEarly`).
        public static let page2TooEarly = "google/nearbysearch-page2-too-early.json"
        public static let deliDetails = "google/details-market-and-tenth-deli.json"
        public static let photoRedirect = "google/photo-redirect.json"
        public static let photo = "google/images/place-photo.json"
        public static let validToken = "facebook/login/debug-token-long-lived.json"
        public static let expiredToken = "facebook/login/debug-token-expired.json"
        public static let longLivedExchange = "facebook/login/oauth-long-lived-exchange.json"
        public static let me = "facebook/me.json"
        public static let meExpired = "facebook/errors/me-expired-token.json"
    }

    /// ZaHunter.
    public enum ZaHunter {
        public static let pizza = "yelp/search-pizza-near-point.json"

        /// The route fixture of one leg: `walking`/`driving`, from and to as the files name them.
        public static func leg(_ mode: String, _ from: String, _ to: String) -> String {
            "google/directions/directions-\(mode)-\(from)-to-\(to).json"
        }
    }

    /// Errors.
    public enum Errors {
        public static let locationNotFound = "yelp/errors/search-location-not-found.json"
        public static let limitTooHigh = "yelp/search-validation-limit.json"
        public static let quotaSpent = "yelp/errors/search-coffee-access-limit-reached.json"
    }
}
