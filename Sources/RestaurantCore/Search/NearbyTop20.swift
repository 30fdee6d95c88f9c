/// A Nearby Search (New) as a results list: one page of at most 20 places and never a next,
/// since Places API (New) has no pages for it (``TextSearchPages`` has).
public struct NearbyTop20: PageSource {
    /// Who asks Google.
    public let client: PlacesV1Client
    /// The search.
    public let search: PlacesV1.NearbySearch
    /// What each row reads.
    public let fields: PlacesV1.FieldMask

    /// The top of `search`, each place with `fields`.
    public init(client: PlacesV1Client, search: PlacesV1.NearbySearch, fields: PlacesV1.FieldMask = .listRows) {
        self.client = client
        self.search = search
        self.fields = fields
    }

    /// The one page; any cursor asks it again.
    public func page(at cursor: PageCursor?) async throws(RestaurantError) -> ResultPage {
        let answer = try await client.searchNearby(search, fields: fields)
        return ResultPage(restaurants: client.restaurants(answer.places), next: nil)
    }
}
