import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The responder's source of time: templates read `now` from it, and tests set and advance it
/// so that nothing depends on the machine's clock or on sleeping.
public protocol ServerClock: Sendable {
    /// The current time.
    var now: Date { get }

    /// Runs `action` once `seconds` have passed on this clock (on any thread).
    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void)
}

/// The machine's clock.
public struct SystemClock: ServerClock {
    public init() {}
    public var now: Date { Date() }

    public func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds), execute: action)
    }
}

/// A clock that moves only when told to, for tests.
///
/// Scheduled actions (delayed answers, dribbled chunks) run when `advance` or `set` moves the
/// clock past their time, in time order, on the thread that moved it: a test decides exactly
/// when a delayed answer is sent, and never sleeps.
public final class ManualClock: ServerClock {
    private struct State {
        var now: Date
        var pending: [(due: Date, order: Int, action: @Sendable () -> Void)] = []
        var scheduled = 0
    }

    private let state: Locked<State>

    /// Starts at `start` (by default 2026-01-01T00:00:00Z, so results never depend on today).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Locked(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// How many scheduled actions are waiting for the clock to move.
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    public func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard seconds > 0 else { return true }
            state.scheduled += 1
            state.pending.append((state.now.addingTimeInterval(seconds), state.scheduled, action))
            return false
        }
        if runNow { action() }
    }

    /// Moves the clock forward by `seconds`, running every action that falls due.
    public func advance(by seconds: TimeInterval) {
        set(now.addingTimeInterval(seconds))
    }

    /// Sets the clock to `date`, running every action that falls due.
    public func set(_ date: Date) {
        let due = state.withLock { state -> [@Sendable () -> Void] in
            state.now = date
            let ready = state.pending.filter { $0.due <= date }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
            state.pending.removeAll { $0.due <= date }
            return ready.map(\.action)
        }
        for action in due { action() }
    }
}
