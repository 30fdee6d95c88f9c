import Foundation
import UnderstudyCore
import UnderstudyServer

/// One test's own Understudy: a real server on a free port, with its own journal, sequences,
/// scenarios and clock, so tests run in parallel without sharing state.
public struct TestServer: Sendable {
    /// The running server.
    public let server: LiveServer
    /// The clock templates read and delays wait on: advance it instead of sleeping.
    public let clock: ManualClock

    /// The URL to use in place of `https://api.yelp.com`, `https://maps.googleapis.com`, …
    public var baseURL: URL { server.baseURL }
    /// Fixtures, journal, scenarios.
    public var responder: Responder { server.responder }
    /// The requests this server has received.
    public var journal: Journal { responder.journal }

    /// The server of the test running now, when a `.understudy(…)` trait or an
    /// `UnderstudyTestCase` started one.
    @TaskLocal public static var current: TestServer?
}

/// Starts a server on port 0 with the fixtures at `fixtures`, runs `body` with it, and shuts
/// it down however `body` ends. The base URL is known before `body` runs.
///
/// A fixtures folder is loaded and checked once per process and shared, read-only, by every
/// server started from it, so a server per test costs a socket and a responder, not a load.
/// - Parameters:
///   - fixtures: the fixtures folder (one subfolder per provider).
///   - contracts: the provider packs folder (`contracts/`); when given, requests are checked
///     against their contract and the providers' behaviours apply (credentials, quotas, page
///     tokens, token expiry, 304s), all on `clock`.
///   - clock: the server's clock; a fresh `ManualClock` by default, starting 2026-01-01.
public func withUnderstudy<Result: Sendable>(
    fixtures: String,
    contracts: String? = nil,
    clock: ManualClock = ManualClock(),
    _ body: (TestServer) async throws -> Result
) async throws -> Result {
    let responder = try FixtureCache.shared.responder(fixtures: fixtures, contracts: contracts, clock: clock)
    return try await LiveServer.withServer(responder: responder) { server in
        try await body(TestServer(server: server, clock: clock))
    }
}

/// Loaded fixture sets and contracts by folder, so each is read and checked once per test process.
final class FixtureCache: Sendable {
    static let shared = FixtureCache()
    private let loaded = Locked([String: [Fixture]]())
    private let loadedContracts = Locked([String: Contracts]())

    /// A fresh responder (its own journal and state) on shared, read-only fixtures and contracts.
    func responder(fixtures: String, contracts: String?, clock: ManualClock) throws -> Responder {
        Responder(fixtures: try self.fixtures(at: fixtures), contracts: try contracts.map(self.contracts), clock: clock)
    }

    func contracts(at folder: String) throws -> Contracts {
        let key = (folder as NSString).standardizingPath
        if let contracts = loadedContracts.withLock({ $0[key] }) { return contracts }
        let contracts = try Contracts.load(from: key)
        loadedContracts.withLock { $0[key] = contracts }
        return contracts
    }

    func fixtures(at folder: String) throws -> [Fixture] {
        let key = (folder as NSString).standardizingPath
        if let fixtures = loaded.withLock({ $0[key] }) { return fixtures }
        let fixtures = try FixtureLoader.load(from: key)
        loaded.withLock { $0[key] = fixtures }
        return fixtures
    }
}
