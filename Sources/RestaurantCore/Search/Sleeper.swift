/// Waits. Injected wherever the core must pause (a Google page token that is not valid yet),
/// so tests can record the pause instead of sleeping.
public protocol Sleeper: Sendable {
    /// Returns after `seconds`, or throws if the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// Really waits, on the task's clock.
public struct TaskSleeper: Sleeper {
    /// A sleeper on the task clock.
    public init() {}

    /// Sleeps for `seconds`.
    public func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
