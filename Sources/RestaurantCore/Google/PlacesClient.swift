import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Google Places: nearby search with page tokens, details, photo URLs.
public struct PlacesClient: Sendable {
    private let http: HTTP
    private let apiKey: String

    /// A client for the Google origin of `configuration`.
    public init(configuration: Configuration, session: URLSession = Configuration.makeSession()) {
        http = HTTP(provider: .google, baseURL: configuration.baseURL(for: .google), session: session)
        apiKey = configuration.credentials.googleAPIKey
    }

    private var key: URLQueryItem { URLQueryItem(name: "key", value: apiKey) }

    /// The first page of a nearby search. `ZERO_RESULTS` is an empty page, not an error.
    public func nearby(_ query: NearbySearchQuery) async throws(RestaurantError) -> Google.NearbySearchAnswer {
        try await http.json(Google.NearbySearchAnswer.self, "/maps/api/place/nearbysearch/json", query: query.queryItems + [key])
            .checked(accepting: ["OK", "ZERO_RESULTS"])
    }

    /// The page a `next_page_token` names. Asked too soon, Google answers `INVALID_REQUEST`.
    public func nearby(pageToken: String) async throws(RestaurantError) -> Google.NearbySearchAnswer {
        try await http.json(Google.NearbySearchAnswer.self, "/maps/api/place/nearbysearch/json",
                            query: [URLQueryItem(name: "pagetoken", value: pageToken), key])
            .checked(accepting: ["OK", "ZERO_RESULTS"])
    }

    /// Place details. `legacyParameter` sends the pre-2014 `placeid=` that older clients use.
    public func details(placeID: String, fields: [String]? = nil, legacyParameter: Bool = false) async throws(RestaurantError) -> Google.Place {
        var query = [URLQueryItem(name: legacyParameter ? "placeid" : "place_id", value: placeID)]
        if let fields { query.append(URLQueryItem(name: "fields", value: fields.joined(separator: ","))) }
        let answer = try await http.json(Google.DetailsAnswer.self, "/maps/api/place/details/json", query: query + [key]).checked()
        guard let place = answer.result else { throw .decoding(detail: "Google.DetailsAnswer: $.result is missing") }
        return place
    }

    /// The photo endpoint's URL for `reference`. Fetching it follows a redirect to the image.
    public func photoURL(reference: String, maxWidth: Int = 400) -> URL {
        http.url("/maps/api/place/photo", query: [
            URLQueryItem(name: "maxwidth", value: String(maxWidth)), URLQueryItem(name: "photo_reference", value: reference), key,
        ])
    }
}
