/// Where the next page of results starts.
public enum PageCursor: Sendable, Hashable {
    /// Yelp: skip this many results.
    case offset(Int)
    /// Google: a `next_page_token` (legacy) or a `nextPageToken` (Places API (New)).
    case token(String)
}

/// One page of search results.
public struct ResultPage: Sendable, Hashable {
    /// The page's restaurants, in the provider's order.
    public var restaurants: [Restaurant]
    /// `nil` on the last page.
    public var next: PageCursor?

    /// A page.
    public init(restaurants: [Restaurant], next: PageCursor?) {
        self.restaurants = restaurants
        self.next = next
    }
}

/// A search that can be read a page at a time.
public protocol PageSource: Sendable {
    /// The page at `cursor`, or the first page for `nil`.
    func page(at cursor: PageCursor?) async throws(RestaurantError) -> ResultPage
}
