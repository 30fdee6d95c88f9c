import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A live server on the repository's bundled fixtures and contracts, on a manual clock.
func withBundledServer(_ body: (LiveServer) async throws -> Void) async throws {
    try await withBundledServer { server, _ in try await body(server) }
}

/// A live server on the repository's bundled fixtures and contracts, on `clock`, which the
/// test moves.
func withBundledServer(clock: ManualClock = ManualClock(), _ body: (LiveServer, ManualClock) async throws -> Void) async throws {
    let root = CLIProcess.repositoryRoot
    let fixtures = try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path)
    let contracts = try Contracts.load(from: root.appendingPathComponent("contracts").path)
    try await LiveServer.withServer(responder: Responder(fixtures: fixtures, contracts: contracts, clock: clock)) { server in
        try await body(server, clock)
    }
}

/// An answer over the socket: status, the body as JSON (when it is) and as text, the response.
struct SocketAnswer {
    let status: Int
    let json: JSONValue?
    let data: Data
    let response: HTTPURLResponse

    var text: String { String(decoding: data, as: UTF8.self) }
}

/// Sends one request to `server` and reads the whole answer.
func send(_ server: LiveServer, _ target: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil) async throws -> SocketAnswer {
    var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
    request.httpMethod = method
    request.httpBody = body.map { Data($0.utf8) }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return SocketAnswer(status: http.statusCode, json: try? JSONParser.parse(Array(data)), data: data, response: http)
}
