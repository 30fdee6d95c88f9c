import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Google Routes API: a route between two points (`computeRoutes`) and the times and
/// distances from origins to destinations (`computeRouteMatrix`). The key goes in
/// `X-Goog-Api-Key` and the field mask, which Google requires, in `X-Goog-FieldMask`.
public struct RoutesV2Client: Sendable {
    private let http: HTTP
    private let apiKey: String

    /// What a tour reads of a route: its time, its length and its line for the map.
    public static let tourFields = ["routes.duration", "routes.distanceMeters", "routes.polyline.encodedPolyline"]

    /// What a table of times reads of each cell.
    public static let matrixFields = ["originIndex", "destinationIndex", "status", "condition", "distanceMeters", "duration"]

    /// A client for the Routes API origin of `configuration`.
    public init(configuration: Configuration, session: URLSession = Configuration.makeSession()) {
        http = HTTP(provider: .routesV2, baseURL: configuration.baseURL(for: .routesV2), session: session)
        apiKey = configuration.credentials.googleAPIKey
    }

    private func headers(_ fields: [String]) -> [String: String] {
        ["X-Goog-Api-Key": apiKey, "X-Goog-FieldMask": fields.joined(separator: ",")]
    }

    /// The routes from `origin` to `destination`, each with `fields`; the first is Google's
    /// recommendation.
    public func computeRoutes(
        from origin: Coordinate, to destination: Coordinate, mode: TravelMode, fields: [String] = tourFields
    ) async throws(RestaurantError) -> RoutesV2.ComputeRoutesAnswer {
        let body = RoutesV2.RouteBody(origin: .init(origin), destination: .init(destination), travelMode: mode.routesV2)
        return try await http.json(RoutesV2.ComputeRoutesAnswer.self, post: "/directions/v2:computeRoutes", body: body, headers: headers(fields))
    }

    /// Every origin to every destination, one element a pair, in the order Google computed them.
    public func computeRouteMatrix(
        from origins: [Coordinate], to destinations: [Coordinate], mode: TravelMode, fields: [String] = matrixFields
    ) async throws(RestaurantError) -> [RoutesV2.MatrixElement] {
        let body = RoutesV2.MatrixBody(
            origins: origins.map { .init(waypoint: .init($0)) }, destinations: destinations.map { .init(waypoint: .init($0)) }, travelMode: mode.routesV2)
        return try await http.json([RoutesV2.MatrixElement].self, post: "/distanceMatrix/v2:computeRouteMatrix", body: body, headers: headers(fields))
    }
}
