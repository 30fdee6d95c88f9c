import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How to travel between stops.
public enum TravelMode: String, Sendable, Hashable, CaseIterable {
    case walking
    case driving
}

/// Google Directions: a route between two points.
public struct DirectionsClient: Sendable {
    private let http: HTTP
    private let apiKey: String

    /// A client for the Google origin of `configuration`.
    public init(configuration: Configuration, session: URLSession = Configuration.makeSession()) {
        http = HTTP(provider: .google, baseURL: configuration.baseURL(for: .google), session: session)
        apiKey = configuration.credentials.googleAPIKey
    }

    /// The routes from `origin` to `destination`; the first is Google's recommendation.
    public func directions(from origin: Coordinate, to destination: Coordinate, mode: TravelMode) async throws(RestaurantError) -> Google.DirectionsAnswer {
        try await http.json(Google.DirectionsAnswer.self, "/maps/api/directions/json", query: [
            URLQueryItem(name: "origin", value: origin.commaSeparated),
            URLQueryItem(name: "destination", value: destination.commaSeparated),
            URLQueryItem(name: "mode", value: mode.rawValue),
            URLQueryItem(name: "key", value: apiKey),
        ]).checked()
    }
}
