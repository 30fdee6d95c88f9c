/// The fixture files each flow is answered by, as the journal names them, so that a test says
/// which requests a flow made (`expectRequests(answeredBy:count:)`) without spelling paths.
public enum FixtureFiles {
    /// The restaurant search lab.
    public enum SearchLab {
        /// Restaurants in San Francisco, best match first (20 of 240).
        public static let bestMatch = "yelp/search-restaurants-san-francisco-best-match.json"
        /// The same, nearest first.
        public static let distance = "yelp/search-restaurants-san-francisco-distance.json"
        /// Keywords "thai" in San Francisco, nearest first (6).
        public static let thaiNearest = "yelp/search-keywords-thai-location.json"
        /// Keywords "sushi" around the device's coordinates (8).
        public static let sushiAroundHere = "yelp/search-keywords-sushi-coordinates.json"
        /// Details of Marlowe's Hearth, the first best match.
        public static let firstDetails = "yelp/business-details.json"
        /// Its reviews.
        public static let firstReviews = "yelp/reviews/business-reviews-marlowes-hearth.json"
        /// Details of Golden Lantern Dim Sum, the second best match: where a swipe to the next lands.
        public static let secondDetails = "yelp/business-details-golden-lantern-dim-sum.json"
        /// Its reviews.
        public static let secondReviews = "yelp/reviews/business-reviews-golden-lantern-dim-sum.json"
    }

    /// Nine Bar.
    public enum NineBar {
        /// Coffee open now in Cupertino (10 of 38).
        public static let coffee = "yelp/search-coffee-open-now.json"
        /// Details of Blue Oak Coffee Roasters, the first shop.
        public static let details = "yelp/business-details-blue-oak-coffee-roasters.json"
        /// Its reviews.
        public static let reviews = "yelp/reviews/business-reviews-blue-oak-coffee-roasters.json"
        /// Its three photos on Yelp's CDN.
        public static let photos = (1...3).map { "yelp/photos/blue-oak-coffee-roasters-photo-\($0).json" }
    }

    /// Bottle Rocket lunch.
    public enum Lunch {
        /// The 15-restaurant feed, with its ETag.
        public static let feed = "feed/restaurants.json"
        /// The feed asked with that ETag: 304.
        public static let notModified = "feed/restaurants-not-modified.json"
        /// The images of the first five rows, in the feed's order.
        public static let firstRowImages = ["hopdoddy", "pappadeaux", "yardhouse", "pluckers", "ramen-hakata"].map { "feed/\($0)-image.json" }
        /// Pluckers' image, sent `no-store`.
        public static let noStoreImage = "feed/pluckers-image.json"
    }

    /// The Google Places challenge.
    public enum Places {
        /// Everything within 100 m, page 1 of 3.
        public static let page1 = "google/nearbysearch-page1.json"
        /// Page 2.
        public static let page2 = "google/nearbysearch-page2.json"
        /// Details of Market & Tenth Deli, the second place.
        public static let deliDetails = "google/details-market-and-tenth-deli.json"
        /// The photo endpoint's redirect to the image host.
        public static let photoRedirect = "google/photo-redirect.json"
        /// Any place photo on the image host.
        public static let photo = "google/images/place-photo.json"
        /// `/debug_token` of the valid long-lived token.
        public static let validToken = "facebook/login/debug-token-long-lived.json"
        /// `/debug_token` of the expired token.
        public static let expiredToken = "facebook/login/debug-token-expired.json"
        /// The login dialog's short-lived token exchanged for a long-lived one.
        public static let longLivedExchange = "facebook/login/oauth-long-lived-exchange.json"
        /// `/me` of the logged-in user.
        public static let me = "facebook/me.json"
        /// `/me` with the expired token: 190, subcode 463.
        public static let meExpired = "facebook/errors/me-expired-token.json"
        /// Removing the app (`DELETE /me/permissions`).
        public static let revokeApp = "facebook/login/revoke-permissions.json"
        /// Taking back `email` (`DELETE /me/permissions/email`).
        public static let revokeEmail = "facebook/login/revoke-permission-email.json"
        /// The login dialog's code exchanged for a short-lived token.
        public static let codeExchange = "facebook/login/oauth-code-exchange.json"
        /// A later login's short-lived token exchanged for a long-lived one.
        public static let newLoginExchange = "facebook/login/oauth-long-lived-exchange-new-login.json"
        /// The user's permissions.
        public static let permissions = "facebook/login/me-permissions.json"
        /// `/debug_token` of a token no other fixture names (a new login's).
        public static let anyToken = "facebook/debug-token.json"
        /// Graph's own answer to a token of a user who removed the app: 190, subcode 458.
        public static let revoked = "facebook: tokenRevoked"
    }

    /// ZaHunter.
    public enum ZaHunter {
        /// Pizza around River North, nearest first.
        public static let pizza = "yelp/search-pizza-near-point.json"

        /// The route fixture of one leg: `walking`/`driving`, from and to as the files name them.
        public static func leg(_ mode: String, _ from: String, _ to: String) -> String {
            "google/directions/directions-\(mode)-\(from)-to-\(to).json"
        }
    }

    /// The Google Places challenge on Places API (New).
    public enum PlacesV1 {
        /// Nearby Search (New): the top 20 within 100 m (no pages).
        public static let top20 = "places/search-nearby-civic-center-top-20.json"
        /// Text Search (New) for the same places, page 1 of 3.
        public static let page1 = "places/search-text-civic-center-page1.json"
        /// Page 2, asked with page 1's `nextPageToken`.
        public static let page2 = "places/search-text-civic-center-page2.json"
        /// Page 3, the last: no `nextPageToken`.
        public static let page3 = "places/search-text-civic-center-page3.json"
        /// Place Details (New) of Market & Tenth Deli, the second place.
        public static let deliDetails = "places/details-market-and-tenth-deli.json"
        /// Place Details (New) of Little Lemongrass Thai, the first place of page 2.
        public static let thaiDetails = "places/details-little-lemongrass-thai.json"
        /// A place id Google no longer knows: 404 `NOT_FOUND`.
        public static let detailsNotFound = "places/errors/details-not-found.json"
        /// The photo media endpoint's redirect to the image host.
        public static let photoRedirect = "places/photo-media-redirect.json"
        /// The photo media endpoint's JSON (`skipHttpRedirect=true`).
        public static let photoJSON = "places/photo-media-skip-http-redirect.json"
        /// Any place photo on the image host.
        public static let photo = "google/images/place-photo.json"
        /// Autocomplete (New) of "Little Lem".
        public static let autocomplete = "places/autocomplete-little-lem.json"
    }

    /// ZaHunter timed with the Routes API.
    public enum ZaHunterRoutes {
        /// The route fixture of one leg: `walk`/`drive`, from and to as the files name them.
        public static func leg(_ mode: String, _ from: String, _ to: String) -> String {
            "routes/compute-routes-\(mode)-\(from)-to-\(to).json"
        }

        /// Walking from here to five pizza places, one route matrix.
        public static let walkingMatrix = "routes/compute-route-matrix-walk-here-to-pizza-places.json"
    }

    /// Errors.
    public enum Errors {
        /// A typed location Yelp cannot place: 400 LOCATION_NOT_FOUND.
        public static let locationNotFound = "yelp/errors/search-location-not-found.json"
        /// `limit=100`: 400 VALIDATION_ERROR.
        /// limit=100: no fixture answers it, Yelp's contract does.
        public static let limitTooHigh = "yelp: validationError"
        /// Coffee once the daily quota is spent (scenario `yelp-daily-quota` in `Exhausted`): 429.
        public static let quotaSpent = "yelp/errors/search-coffee-access-limit-reached.json"
    }
}
