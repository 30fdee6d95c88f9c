import Foundation
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One test's own Understudy, over a real socket (`.live`) or in the process (`.inProcess`):
/// the same responder either way, with its own journal, sequences, scenarios and clock, so
/// tests run in parallel without sharing state. Every expectation (`expectNoUnmatchedRequests`,
/// `expectRequests(answeredBy:)`, …) and every control (`override`, `setQuota`, the clock)
/// works the same in both modes.
public struct TestServer: Sendable {
    /// How a test's requests reach its Understudy.
    public enum Mode: String, Sendable, CaseIterable, CustomStringConvertible {
        /// A real HTTP server on a free port of 127.0.0.1: any client, any process (UI tests).
        case live
        /// No socket: a `URLProtocol` answers sessions made from `configuration`, in the
        /// process. The fastest; only `URLSession`s built from `configuration` reach it.
        case inProcess

        public var description: String { rawValue }
    }

    /// How requests reach it.
    public let mode: Mode
    /// Fixtures, journal, scenarios, overrides.
    public let responder: Responder
    /// The clock templates read and delays wait on: advance it instead of sleeping.
    public let clock: ManualClock
    /// The URL to use in place of `https://api.yelp.com`, `https://maps.googleapis.com`, …:
    /// `http://127.0.0.1:PORT` live, `http://understudy-….invalid` in process.
    public let baseURL: URL
    /// The running server when live; `nil` in process.
    public let server: LiveServer?

    /// The requests it has received (its default session's).
    public var journal: Journal { responder.journal }

    /// A fresh configuration whose sessions reach this Understudy in either mode: use it (with
    /// settings of your own added) for every `URLSession` the code under test makes.
    public var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        if mode == .inProcess { configuration.protocolClasses = [InProcessURLProtocol.self] }
        return configuration
    }

    /// The server of the test running now, when a `.understudy(…)` trait or an
    /// `UnderstudyTestCase` started one.
    @TaskLocal public static var current: TestServer?
}

/// Starts an Understudy on the fixtures at `fixtures`, runs `body` with it, and stops it
/// however `body` ends. The base URL is known before `body` runs.
///
/// A fixtures folder is loaded and checked once per process and shared, read-only, by every
/// Understudy started from it, so one per test costs a responder (and live, a socket), not a load.
/// - Parameters:
///   - fixtures: the fixtures folder (one subfolder per provider).
///   - contracts: the provider packs folder (`contracts/`); when given, requests are checked
///     against their contract and the providers' behaviours apply (credentials, quotas, page
///     tokens, token expiry, 304s), all on `clock`.
///   - mode: over a real socket (the default) or in the process.
///   - clock: the server's clock; a fresh `ManualClock` by default, starting 2026-01-01.
///   - limits: what one client may ask (body and header sizes…), in both modes.
///   - fallback: what answers a request no fixture answers: a miss report that fails
///     `expectNoUnmatchedRequests` (the default), or, with `contracts`, an answer built from the
///     contract (`expectNoGeneratedAnswers` then keeps a test on recordings only).
///   - body: the test's code, given the running server; what it returns is returned.
public func withUnderstudy<Result: Sendable>(
    fixtures: String,
    contracts: String? = nil,
    mode: TestServer.Mode = .live,
    clock: ManualClock = ManualClock(),
    limits: ServerLimits = .standard,
    fallback: Fallback = .miss,
    _ body: (TestServer) async throws -> Result
) async throws -> Result {
    let responder = try FixtureCache.shared.responder(fixtures: fixtures, contracts: contracts, clock: clock, fallback: fallback)
    return try await withUnderstudy(responder: responder, mode: mode, limits: limits, body)
}

/// Runs `body` with an Understudy answering through `responder` (one you built: with a
/// recorder, say), in `mode`, and stops it however `body` ends. The responder must run on a
/// `ManualClock`, which the test then moves.
public func withUnderstudy<Result: Sendable>(
    responder: Responder,
    mode: TestServer.Mode = .live,
    limits: ServerLimits = .standard,
    _ body: (TestServer) async throws -> Result
) async throws -> Result {
    let started = try await TestServer.start(responder: responder, mode: mode, limits: limits)
    do {
        let result = try await body(started)
        try await started.stop()
        return result
    } catch {
        try? await started.stop()
        throw error
    }
}

extension TestServer {
    /// A test's responder runs on a clock the test moves.
    struct NotAManualClock: Error, CustomStringConvertible {
        var description: String {
            "a test's Understudy runs on a ManualClock, so the test decides when time passes: build the Responder with clock: ManualClock()"
        }
    }

    /// Starts `responder` in `mode`; `stop()` ends it.
    static func start(responder: Responder, mode: Mode, limits: ServerLimits = .standard) async throws -> TestServer {
        guard let clock = responder.clock as? ManualClock else { throw NotAManualClock() }
        switch mode {
        case .live:
            let server = try await LiveServer.start(responder: responder, limits: limits)
            return TestServer(mode: mode, responder: responder, clock: clock, baseURL: server.baseURL, server: server)
        case .inProcess:
            let baseURL = InProcessURLProtocol.register(responder, limits: limits)
            return TestServer(mode: mode, responder: responder, clock: clock, baseURL: baseURL, server: nil)
        }
    }

    /// Stops answering: the server shuts down, or the in-process host is forgotten.
    func stop() async throws {
        if let server {
            try await server.shutdown()
        } else {
            InProcessURLProtocol.unregister(baseURL)
        }
    }
}

/// Loaded fixture sets and contracts by folder, so each is read and checked once per test process.
final class FixtureCache: Sendable {
    static let shared = FixtureCache()
    private let loaded = Locked([String: [Fixture]]())
    private let loadedContracts = Locked([String: Contracts]())

    /// A fresh responder (its own journal and state) on shared, read-only fixtures and contracts.
    func responder(fixtures: String, contracts: String?, clock: ManualClock, fallback: Fallback = .miss) throws -> Responder {
        guard fallback == .miss || contracts != nil else { throw FallbackNeedsContracts() }
        let configuration = UnderstudyConfiguration(
            fixtures: try self.fixtures(at: fixtures), fixturesRoot: (fixtures as NSString).standardizingPath,
            contracts: try contracts.map(self.contracts), fallback: fallback, clock: clock)
        return try configuration.makeResponder()
    }

    /// `fallback: .contract` without contracts to build answers from.
    struct FallbackNeedsContracts: Error, CustomStringConvertible {
        var description: String { "fallback: .contract builds answers from the provider contracts: pass contracts: (the folder of *.openapi.json packs) too" }
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
