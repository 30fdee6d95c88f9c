/// One leg of a route between two stops: how long it takes and how far it goes.
public struct TimedLeg: Sendable, Hashable {
    /// Travel time, in seconds.
    public let seconds: Int
    /// Length, in meters.
    public let meters: Int
    /// The Directions API's leg, when Directions timed it (its addresses and steps).
    public let directions: Google.DirectionsAnswer.Leg?

    /// A leg of `seconds` and `meters`.
    public init(seconds: Int, meters: Int, directions: Google.DirectionsAnswer.Leg? = nil) {
        self.seconds = seconds
        self.meters = meters
        self.directions = directions
    }
}

/// Times the way between two stops: ``DirectionsClient`` (the legacy Directions API) and
/// ``RoutesV2Client`` (the Routes API) both do, so a ``PizzaTour`` takes either.
public protocol LegTimer: Sendable {
    /// The legs of the recommended route from `origin` to `destination`.
    func timedLegs(from origin: Coordinate, to destination: Coordinate, mode: TravelMode) async throws(RestaurantError) -> [TimedLeg]
}

extension DirectionsClient: LegTimer {
    /// The legs of Directions' first route; no route is Google's `ZERO_RESULTS`.
    public func timedLegs(from origin: Coordinate, to destination: Coordinate, mode: TravelMode) async throws(RestaurantError) -> [TimedLeg] {
        let answer = try await directions(from: origin, to: destination, mode: mode)
        guard let route = answer.routes.first else {
            throw .provider(ProviderError(provider: .google, status: 200, code: "ZERO_RESULTS", message: "no route"))
        }
        return route.legs.map { TimedLeg(seconds: $0.duration.value, meters: $0.distance.value, directions: $0) }
    }
}

extension RoutesV2Client: LegTimer {
    /// The first route of `computeRoutes` with ``tourFields``, as one leg (no intermediate
    /// stops). Google answers `{}` when there is no route: that throws `ZERO_RESULTS`, as
    /// Directions does.
    public func timedLegs(from origin: Coordinate, to destination: Coordinate, mode: TravelMode) async throws(RestaurantError) -> [TimedLeg] {
        let answer = try await computeRoutes(from: origin, to: destination, mode: mode, fields: Self.tourFields)
        guard let route = answer.routes?.first else {
            throw .provider(ProviderError(provider: .routesV2, status: 200, code: "ZERO_RESULTS", message: "no route"))
        }
        guard let duration = route.duration, let meters = route.distanceMeters else {
            throw .decoding(detail: "RoutesV2.ComputeRoutesAnswer: $.routes[0].duration or .distanceMeters is missing")
        }
        return [TimedLeg(seconds: duration.wholeSeconds, meters: meters)]
    }
}
