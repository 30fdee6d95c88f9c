/// Where the user is. Apps wrap Core Location; tests use `FixedLocation`.
public protocol LocationProvider: Sendable {
    /// The current location.
    func currentLocation() async throws -> Coordinate
}

/// A location that never moves.
public struct FixedLocation: LocationProvider {
    /// Where it is.
    public let coordinate: Coordinate

    /// Always at `coordinate`.
    public init(_ coordinate: Coordinate) {
        self.coordinate = coordinate
    }

    /// Always the same coordinate.
    public func currentLocation() async throws -> Coordinate { coordinate }
}
