import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// Something a recording did, as it happens: for progress output.
public enum RecordingEvent: Sendable {
    /// A fixture was written.
    case recorded(RecordedFixture)
    /// The upstream gave no usable answer; nothing was written and the client got a 502.
    case failed(method: String, target: String, upstream: String, reason: String)
    /// The upstream answered, but the exchange cannot be a fixture (nothing written; the client
    /// got the answer), or the request belongs to no provider (the client got the replay's answer).
    case skipped(method: String, target: String, reason: String)
}

/// One fixture written by a recording.
public struct RecordedFixture: Sendable {
    /// The fixture file, relative to the fixtures root.
    public let file: String
    /// The provider.
    public let provider: String
    /// The method and the target, secret query values replaced by `REDACTED`.
    public let method: String
    public let target: String
    /// The upstream's status.
    public let status: Int
    /// Whether it replaced an existing fixture (mode `all`).
    public let replaced: Bool
    /// What the response breaks in its operation's contract (kept: the fixture is still written).
    public let contractFindings: [String]
    /// How the response differs from the fixture it replaced.
    package let drift: [DriftChange]
    /// Milliseconds from forwarding to the fixture on disk.
    public let milliseconds: Int
}

/// The totals of a recording, for the summary at stop.
public struct RecordingSummary: Sendable {
    /// Fixtures written, in order.
    public internal(set) var recorded: [RecordedFixture] = []
    /// Requests answered from fixtures (loaded, or recorded earlier in this run).
    public internal(set) var replayed = 0
    /// Upstream failures (502s), each as `METHOD target: reason`.
    public internal(set) var failures: [String] = []
    /// Exchanges not written, each as `METHOD target: reason`.
    public internal(set) var skipped: [String] = []

    /// Fixtures written per provider.
    public var byProvider: [String: Int] {
        recorded.reduce(into: [:]) { $0[$1.provider, default: 0] += 1 }
    }
}
