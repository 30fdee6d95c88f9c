import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Yelp Fusion: business search, details and reviews.
public struct YelpClient: Sendable {
    /// How far search results can be paged: `offset + limit` may not pass it.
    public static let resultCeiling = 240

    private let http: HTTP
    private let apiKey: String

    /// A client for the Yelp origin of `configuration`.
    public init(configuration: Configuration, session: URLSession = Configuration.makeSession()) {
        http = HTTP(provider: .yelp, baseURL: configuration.baseURL(for: .yelp), session: session)
        apiKey = configuration.credentials.yelpAPIKey
    }

    private var headers: [String: String] { ["Authorization": "Bearer \(apiKey)"] }

    /// `GET /v3/businesses/search`, from `offset` on.
    public func search(_ query: YelpSearchQuery, offset: Int = 0) async throws(RestaurantError) -> Yelp.SearchAnswer {
        // Yelp fails the whole request when offset + limit passes the ceiling.
        let limit = query.limit.map { min($0, max(0, Self.resultCeiling - offset)) }
        return try await http.json(Yelp.SearchAnswer.self, "/v3/businesses/search", query: query.queryItems(offset: offset, limit: limit), headers: headers)
    }

    /// `GET /v3/businesses/{id}`: photos, hours, phone, coordinates.
    public func business(id: String) async throws(RestaurantError) -> Yelp.Business {
        try await http.json(Yelp.Business.self, "/v3/businesses/\(id)", headers: headers)
    }

    /// `GET /v3/businesses/{id}/reviews`.
    public func reviews(businessID id: String) async throws(RestaurantError) -> Yelp.ReviewsAnswer {
        try await http.json(Yelp.ReviewsAnswer.self, "/v3/businesses/\(id)/reviews", headers: headers)
    }
}
