import Foundation

/// The responder's source of time: templates read `now` from it, and tests set and advance it
/// so that nothing depends on the machine's clock or on sleeping.
public protocol ServerClock: Sendable {
    /// The current time.
    var now: Date { get }
}

/// The machine's clock.
public struct SystemClock: ServerClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock that moves only when told to, for tests.
public final class ManualClock: ServerClock {
    private let current: Locked<Date>

    /// Starts at `start` (by default 2026-01-01T00:00:00Z, so results never depend on today).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = Locked(start)
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
