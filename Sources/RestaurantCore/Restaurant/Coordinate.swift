import Foundation

/// A point on Earth, in degrees.
public struct Coordinate: Codable, Sendable, Hashable {
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double

    /// A point.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius (IUGG), in meters.
    static let earthRadius = 6_371_008.8

    /// The great-circle ("as the crow flies") distance to `other` in meters, by the haversine formula.
    public func distance(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180, lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1, dLon = (other.longitude - longitude) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Coordinate.earthRadius * asin(min(1, sqrt(a)))
    }

    /// `lat,lng` with no space, as Google wants it.
    var commaSeparated: String { "\(latitude),\(longitude)" }
}
