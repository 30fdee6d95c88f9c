/// ZaHunter's tour times in the bundled fixtures, the same whether Directions or the Routes API
/// times the legs (the routes fixtures hold the directions fixtures' durations).
public enum ZaHunterTimes {
    /// Fifty minutes at each of four stops.
    public static let stopSeconds = 4 * 50 * 60
    /// The legs' durations: the tour walking and driving, and walking after a deletion.
    public static let walkingLegSeconds = 9812, drivingLegSeconds = 2329, refilledWalkingLegSeconds = 13_578
}
