/// The services the restaurant apps talk to.
public enum Provider: String, Codable, Sendable, Hashable, CaseIterable {
    /// Yelp Fusion (`https://api.yelp.com`).
    case yelp
    /// Google Places and Directions (`https://maps.googleapis.com`).
    case google
    /// Facebook login over the Graph API (`https://graph.facebook.com`).
    case facebook
    /// The Bottle Rocket lunch feed (`https://s3.amazonaws.com`).
    case feed
}
