/// The keys each provider expects. Never hard-code real ones: read them from the app's
/// configuration, or use the canonical fake values of `docs/contracts.md` in tests.
public struct Credentials: Sendable, Hashable {
    /// Sent as `Authorization: Bearer <key>` to Yelp.
    public var yelpAPIKey: String
    /// Sent as `key=` to Google Places and Directions, and as `X-Goog-Api-Key` to Places API
    /// (New) and the Routes API (one Google Cloud key serves them all).
    public var googleAPIKey: String
    /// The Facebook app id (`client_id`).
    public var facebookAppID: String
    /// The Facebook app secret (`client_secret`); with the id it forms the app token for `/debug_token`.
    public var facebookAppSecret: String

    /// Credentials for every provider.
    public init(yelpAPIKey: String, googleAPIKey: String, facebookAppID: String, facebookAppSecret: String) {
        self.yelpAPIKey = yelpAPIKey
        self.googleAPIKey = googleAPIKey
        self.facebookAppID = facebookAppID
        self.facebookAppSecret = facebookAppSecret
    }

    /// The app access token, written `{app-id}|{app-secret}` as Graph accepts it.
    var facebookAppToken: String { "\(facebookAppID)|\(facebookAppSecret)" }
}
