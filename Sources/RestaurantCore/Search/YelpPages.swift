/// A Yelp search read a page at a time by offset, up to Yelp's ceiling of 240 results.
public struct YelpPages: PageSource {
    /// Who asks Yelp.
    public let client: YelpClient
    /// The search.
    public let query: YelpSearchQuery

    /// Pages of `query`.
    public init(client: YelpClient, query: YelpSearchQuery) {
        self.client = client
        self.query = query
    }

    /// The page at `cursor`; the last page ends at the total or at 240.
    public func page(at cursor: PageCursor?) async throws(RestaurantError) -> ResultPage {
        var offset = 0
        if case .offset(let value) = cursor { offset = value }
        let answer = try await client.search(query, offset: offset)
        let reached = offset + answer.businesses.count
        let more = !answer.businesses.isEmpty && reached < min(answer.total, YelpClient.resultCeiling)
        return ResultPage(restaurants: answer.businesses.map(Restaurant.init(yelp:)), next: more ? .offset(reached) : nil)
    }
}
