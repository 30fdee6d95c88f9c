import RestaurantCore

/// Records the pauses asked of it and returns at once, so a page-token retry costs no time.
public actor RecordingSleeper: Sleeper {
    /// Seconds asked, in order.
    public private(set) var pauses: [Double] = []

    /// A sleeper that has not been asked yet.
    public init() {}

    /// Records the pause.
    public func sleep(seconds: Double) async throws {
        pauses.append(seconds)
    }
}
