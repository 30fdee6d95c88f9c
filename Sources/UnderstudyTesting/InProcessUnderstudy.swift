import Foundation
import UnderstudyCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Understudy without a socket: a `URLSessionConfiguration` whose requests to `baseURL` are
/// answered in the process by the same `Responder` the server uses, for the fastest unit tests.
///
/// Only sessions made from `configuration` see it (no global `URLProtocol` registration), and
/// each instance has its own host, so tests running in parallel never share answers or state.
public struct InProcessUnderstudy: Sendable {
    /// Fixtures, journal, scenarios.
    public let responder: Responder
    /// The clock templates read and delays wait on.
    public let clock: ManualClock
    /// The base URL to use in place of the providers' (`http://understudy-….invalid`).
    public let baseURL: URL

    /// A fresh configuration routed to this responder; add your own settings to it.
    public var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [InProcessURLProtocol.self]
        return configuration
    }
}

/// Runs `body` with an in-process Understudy on the fixtures at `fixtures`.
public func withInProcessUnderstudy<Result: Sendable>(
    fixtures: String, contracts: String? = nil, clock: ManualClock = ManualClock(), _ body: (InProcessUnderstudy) async throws -> Result
) async throws -> Result {
    let responder = try FixtureCache.shared.responder(fixtures: fixtures, contracts: contracts, clock: clock)
    let host = "understudy-\(UUID().uuidString.lowercased()).invalid"
    InProcessURLProtocol.responders.withLock { $0[host] = responder }
    defer { _ = InProcessURLProtocol.responders.withLock { $0.removeValue(forKey: host) } }
    return try await body(InProcessUnderstudy(responder: responder, clock: clock, baseURL: URL(string: "http://\(host)")!))
}
