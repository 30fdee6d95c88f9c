/// The Bottle Rocket lunch list: fetched once, then refreshed with `If-None-Match`, so an
/// unchanged feed costs a 304 and keeps the list as it is.
public actor LunchFeed {
    private let client: FeedClient
    /// The current list, in the feed's order.
    public private(set) var restaurants: [Restaurant] = []
    /// The version of `restaurants`.
    public private(set) var etag: String?

    /// A feed read through `client`; empty until the first `refresh()`.
    public init(client: FeedClient) {
        self.client = client
    }

    /// Fetches the feed if it changed, and returns the current list.
    @discardableResult
    public func refresh() async throws(RestaurantError) -> [Restaurant] {
        switch try await client.restaurants(ifNoneMatch: etag) {
        case .notModified:
            break
        case .modified(let entries, let newTag):
            restaurants = entries.map(Restaurant.init(feed:))
            etag = newTag
        }
        return restaurants
    }
}
