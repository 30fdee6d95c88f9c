import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Everything that decides how Understudy answers, as one value: `serve`, `record`,
/// `withUnderstudy`, the Swift Testing trait and `UnderstudyTestCase` each fill one in and build
/// their responder with `makeResponder()`, so none of them can answer differently by leaving a
/// part out (`record` once built its responder without the contracts its recorder used, and
/// skipped the credential and quota checks `serve` makes).
///
/// How the server treats connections (`ServerLimits`) belongs to the transport, not here.
public struct UnderstudyConfiguration: Sendable {
    /// The fixtures to answer from.
    public var fixtures: [Fixture]
    /// The folder the fixtures were loaded from, when known: the dashboard shows a fixture's
    /// JSON from it.
    public var fixturesRoot: String?
    /// The providers' contracts and behaviours; `nil` answers from the fixtures alone.
    public var contracts: Contracts?
    /// What answers a request of a contract's operation that no fixture answers.
    public var fallback: Fallback
    /// Set when one provider is served alone at the root of its port.
    public var mount: ProviderMount?
    /// The time templates read and delays wait on: a `ManualClock` in tests.
    public var clock: any ServerClock
    /// The delay of fixtures that name none.
    public var defaultDelay: Delay?
    /// Seeds random delays: the same seed gives the same delays in every run.
    public var delaySeed: UInt64
    /// When set, every admin request must carry it; when not, only local clients may use the admin API.
    public var adminToken: String?
    /// How many requests (and, separately, misses) each session's journal keeps.
    public var journalCapacity: Int
    /// How many bytes all sessions' journals may hold together.
    public var journalBytes: Int
    /// How many bytes of body files to keep in memory.
    public var bodyCacheBytes: Int
    /// Recording: what the fixtures do not answer (or everything) goes to the real providers
    /// (UnderstudyTooling's `Recording`).
    public var recording: (any RecordingSetup)?
    /// The index to match in when the caller has it already, in the contracts' terms
    /// (`Responder.matchingIndex(of:contracts:)` of `fixtures`): `serve` reuses the one loading built.
    package var matchingIndex: FixtureIndex?

    public init(
        fixtures: [Fixture], fixturesRoot: String? = nil, contracts: Contracts? = nil, fallback: Fallback = .miss, mount: ProviderMount? = nil,
        clock: any ServerClock = SystemClock(), defaultDelay: Delay? = nil, delaySeed: UInt64 = 0, adminToken: String? = nil,
        journalCapacity: Int = 1000, journalBytes: Int = Responder.defaultJournalBytes, bodyCacheBytes: Int = 32 << 20, recording: (any RecordingSetup)? = nil
    ) {
        self.fixtures = fixtures
        self.fixturesRoot = fixturesRoot
        self.contracts = contracts
        self.fallback = fallback
        self.mount = mount
        self.clock = clock
        self.defaultDelay = defaultDelay
        self.delaySeed = delaySeed
        self.adminToken = adminToken
        self.journalCapacity = journalCapacity
        self.journalBytes = journalBytes
        self.bodyCacheBytes = bodyCacheBytes
        self.recording = recording
    }

    /// Why a configuration cannot build a responder.
    public struct Problem: Error, CustomStringConvertible, Equatable, Sendable {
        public let description: String
    }

    /// The responder this configuration describes; while recording, with a recorder over the
    /// same contracts and fixtures.
    public func makeResponder() throws(Problem) -> Responder {
        if fallback == .contract, contracts == nil {
            throw Problem(description: "fallback: contract builds answers from the provider contracts, and none are loaded")
        }
        var recorder: (any Forwarder)?
        if let recording {
            guard let contracts else {
                throw Problem(description: "recording needs the provider contracts: they say which provider a request is for, its origin and its secrets")
            }
            recorder = recording.makeForwarder(contracts: contracts, fixtures: fixtures)
        }
        return Responder(self, recorder: recorder)
    }
}
