import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Google Places API (New): Nearby Search (New), Text Search (New) with page tokens, Place
/// Details (New), place photos and Autocomplete (New). The key goes in `X-Goog-Api-Key` and
/// each request's field mask in `X-Goog-FieldMask`.
public struct PlacesV1Client: Sendable {
    private let http: HTTP
    private let apiKey: String

    /// A client for the Places API (New) origin of `configuration`.
    public init(configuration: Configuration, session: URLSession = Configuration.makeSession()) {
        http = HTTP(provider: .placesV1, baseURL: configuration.baseURL(for: .placesV1), session: session)
        apiKey = configuration.credentials.googleAPIKey
    }

    private func headers(mask: String?) -> [String: String] {
        var headers = ["X-Goog-Api-Key": apiKey]
        if let mask { headers["X-Goog-FieldMask"] = mask }
        return headers
    }

    /// At most 20 places inside the search's circle; no pages.
    public func searchNearby(_ search: PlacesV1.NearbySearch, fields: PlacesV1.FieldMask = .listRows) async throws(RestaurantError) -> PlacesV1.SearchNearbyAnswer {
        try await http.json(PlacesV1.SearchNearbyAnswer.self, post: "/v1/places:searchNearby", body: search,
                            headers: headers(mask: fields.header(prefix: "places.")))
    }

    /// A page of a text search: the first, or the one `pageToken` (the last page's
    /// `nextPageToken`) names. The mask asks for `nextPageToken` too.
    public func searchText(
        _ search: PlacesV1.TextSearch, pageToken: String? = nil, fields: PlacesV1.FieldMask = .listRows
    ) async throws(RestaurantError) -> PlacesV1.SearchTextAnswer {
        try await http.json(PlacesV1.SearchTextAnswer.self, post: "/v1/places:searchText", body: PlacesV1.TextSearchBody(search, pageToken: pageToken),
                            headers: headers(mask: fields.header(prefix: "places.", extra: ["nextPageToken"])))
    }

    /// Place Details (New) of the place with id `id`.
    public func place(id: String, fields: PlacesV1.FieldMask = .details) async throws(RestaurantError) -> PlacesV1.Place {
        try await http.json(PlacesV1.Place.self, "/v1/places/\(id)", headers: headers(mask: fields.header()))
    }

    /// The photo media URL of photo `name` (`places/{placeId}/photos/{photoId}`), at most
    /// `maxWidthPx` wide (1 to 4800). Fetching it follows Google's redirect to the image; an
    /// image request carries no headers, so the key rides in the query.
    public func photoMediaURL(name: String, maxWidthPx: Int = 400) -> URL {
        http.url("/v1/\(name)/media", query: [URLQueryItem(name: "maxWidthPx", value: String(maxWidthPx)), URLQueryItem(name: "key", value: apiKey)])
    }

    /// The photo media of photo `name` as JSON (`skipHttpRedirect=true`): a short-lived URL of
    /// the image instead of a redirect to it.
    public func photoMedia(name: String, maxWidthPx: Int = 400) async throws(RestaurantError) -> PlacesV1.PhotoMedia {
        try await http.json(PlacesV1.PhotoMedia.self, "/v1/\(name)/media", query: [
            URLQueryItem(name: "maxWidthPx", value: String(maxWidthPx)), URLQueryItem(name: "skipHttpRedirect", value: "true"),
        ], headers: headers(mask: nil))
    }

    /// Suggestions for what the user has typed so far, near `location` when given. Autocomplete
    /// (New) needs no field mask.
    public func autocomplete(_ input: String, near location: Coordinate? = nil, radius: Double = 500) async throws(RestaurantError) -> PlacesV1.AutocompleteAnswer {
        let body = PlacesV1.AutocompleteBody(input: input, locationBias: location.map { PlacesV1.Area(center: $0, radius: radius) })
        return try await http.json(PlacesV1.AutocompleteAnswer.self, post: "/v1/places:autocomplete", body: body, headers: headers(mask: nil))
    }
}
