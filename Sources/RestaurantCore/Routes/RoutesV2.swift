/// The Google Routes API (`routes.googleapis.com`): the shapes of its answers and of the bodies
/// the core posts. An answer holds only the fields the request's field mask asked for, so
/// every member is optional; errors come as ``GoogleCloudErrorAnswer`` with a 4xx status.
public enum RoutesV2 {
    /// The answer to `POST /directions/v2:computeRoutes`. Google sends `{}` when it finds no route.
    public struct ComputeRoutesAnswer: Codable, Sendable, Hashable {
        /// The routes, Google's recommendation first.
        public let routes: [Route]?
    }

    /// One way from the origin to the destination.
    public struct Route: Codable, Sendable, Hashable {
        /// Travel time, with traffic where the request asked for it.
        public let duration: Duration?
        /// Travel time without traffic.
        public let staticDuration: Duration?
        /// `distanceMeters`, as the provider sends it.
        public let distanceMeters: Int?
        /// The route's line, for a map.
        public let polyline: Polyline?
        /// One leg, or one a waypoint more with intermediates.
        public let legs: [Leg]?
        /// A short name ("via N Wells St").
        public let description: String?
    }

    /// The part of a route between two waypoints.
    public struct Leg: Codable, Sendable, Hashable {
        /// `duration`, as the provider sends it.
        public let duration: Duration?
        /// `staticDuration`, as the provider sends it.
        public let staticDuration: Duration?
        /// `distanceMeters`, as the provider sends it.
        public let distanceMeters: Int?
        /// `polyline`, as the provider sends it.
        public let polyline: Polyline?
    }

    /// A line on the map.
    public struct Polyline: Codable, Sendable, Hashable {
        /// Google's encoded polyline format.
        public let encodedPolyline: String?
    }

    /// One cell of `POST /distanceMatrix/v2:computeRouteMatrix`, whose answer is a JSON array
    /// of them in no particular order: the indexes say which origin and destination.
    public struct MatrixElement: Codable, Sendable, Hashable {
        /// The origin's position in the request.
        public let originIndex: Int?
        /// The destination's position in the request.
        public let destinationIndex: Int?
        /// `{}` when the cell was computed, else the error (`code`, `message`).
        public let status: Status?
        /// `ROUTE_EXISTS` or `ROUTE_NOT_FOUND`.
        public let condition: String?
        /// `distanceMeters`, as the provider sends it.
        public let distanceMeters: Int?
        /// `duration`, as the provider sends it.
        public let duration: Duration?
        /// `staticDuration`, as the provider sends it.
        public let staticDuration: Duration?
    }

    /// A `google.rpc.Status` inside an answer: empty when all is well.
    public struct Status: Codable, Sendable, Hashable {
        /// 0 (or absent) for OK.
        public let code: Int?
        /// `message`, as the provider sends it.
        public let message: String?
    }
}
