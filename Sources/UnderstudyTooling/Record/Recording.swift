import UnderstudyCore
import UnderstudyFixtures
import UnderstudyContracts

/// What `record` adds to an `UnderstudyConfiguration` (its `recording`): where answers go and how
/// requests reach the real providers. The recorder reads the configuration's own contracts, so
/// recording checks requests as serving does.
public struct Recording: RecordingSetup {
    /// What is forwarded.
    public var mode: RecordMode
    /// The fixtures folder written into.
    public var root: String
    /// What sends requests.
    public var upstream: any Upstream
    /// Origins by provider name, replacing the packs' (`yelp` → `http://127.0.0.1:5555`).
    public var upstreamOverrides: [String: String]
    /// Called as fixtures are written or requests fail, from any thread.
    public var onEvent: @Sendable (RecordingEvent) -> Void

    /// A recording into `root` through `upstream`; see the members.
    public init(
        mode: RecordMode, root: String, upstream: any Upstream, upstreamOverrides: [String: String] = [:],
        onEvent: @escaping @Sendable (RecordingEvent) -> Void = { _ in }
    ) {
        self.mode = mode
        self.root = root
        self.upstream = upstream
        self.upstreamOverrides = upstreamOverrides
        self.onEvent = onEvent
    }

    /// A `Recorder` over `contracts` that may replace `fixtures` in place (mode `all`).
    public func makeForwarder(contracts: Contracts, fixtures: [Fixture]) -> any Forwarder {
        Recorder(mode: mode, root: root, contracts: contracts, upstreamOverrides: upstreamOverrides, upstream: upstream, existing: fixtures, onEvent: onEvent)
    }
}
