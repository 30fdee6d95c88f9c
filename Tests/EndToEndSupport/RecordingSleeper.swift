import RestaurantCore
import UnderstudyCore

/// Records the pauses asked of it and returns at once, so a page-token retry costs no time.
/// Given the server's clock, it moves that clock by each pause: the server sees the time the
/// app waited, so a page token it issued becomes valid.
public actor RecordingSleeper: Sleeper {
    /// Seconds asked, in order.
    public private(set) var pauses: [Double] = []
    private let serverClock: ManualClock?

    /// A sleeper that has not been asked yet, moving `serverClock` when given.
    public init(advancing serverClock: ManualClock? = nil) {
        self.serverClock = serverClock
    }

    /// Records the pause, and moves the server's clock by it.
    public func sleep(seconds: Double) async throws {
        pauses.append(seconds)
        serverClock?.advance(by: seconds)
    }
}
