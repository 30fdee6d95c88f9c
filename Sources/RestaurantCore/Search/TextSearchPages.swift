/// A Text Search (New) read a page at a time: each answer's `nextPageToken` goes back as
/// `pageToken` in the body of the same search. Google documents no delay before a token
/// works, so none is waited for.
public struct TextSearchPages: PageSource {
    /// Who asks Google.
    public let client: PlacesV1Client
    /// The search.
    public let search: PlacesV1.TextSearch
    /// What each row reads.
    public let fields: PlacesV1.FieldMask

    /// Pages of `search`, each place with `fields`.
    public init(client: PlacesV1Client, search: PlacesV1.TextSearch, fields: PlacesV1.FieldMask = .listRows) {
        self.client = client
        self.search = search
        self.fields = fields
    }

    /// The first page, or the page a token names.
    public func page(at cursor: PageCursor?) async throws(RestaurantError) -> ResultPage {
        var token: String?
        if case .token(let value) = cursor { token = value }
        let answer = try await client.searchText(search, pageToken: token, fields: fields)
        return ResultPage(restaurants: client.restaurants(answer.places), next: answer.nextPageToken.map(PageCursor.token))
    }
}
