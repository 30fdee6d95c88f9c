import Foundation
import UnderstudyCore
import UnderstudyTooling
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer

/// A fake Facebook upstream over a real socket that issues a real-looking token, answers `/me`
/// only when that token arrives as the credential, and echoes back what a hostile client
/// controls (the path, `fields`, the body), the way a reflecting API would.
struct HostileUpstream {
    /// The token the upstream issues: it must never reach a fixture, a file name or a client.
    static let issuedToken = "EAAMARKERissued9876543210zyxwvutAB"
    static let appSecret = "0123456789abcdef0123456789abcdef"

    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "understudy-hostile-upstream-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/facebook", withIntermediateDirectories: true)
        try write("issue", #"""
            {"understudy": 1, "request": {"method": "GET", "path": "/v19.0/oauth/access_token"},
             "response": {"json": {"access_token": "\#(Self.issuedToken)", "token_type": "bearer", "expires_in": 5183944}}}
            """#)
        try write("me", #"""
            {"understudy": 1, "request": {"method": "GET", "path": "/v19.0/me", "query": {"access_token": "\#(Self.issuedToken)"}},
             "response": {"template": true, "json": {"id": "1", "fields": "{{request.query.fields}}", "path": "{{request.path}}"}}}
            """#)
        try write("me-bearer", #"""
            {"understudy": 1, "request": {"method": "GET", "path": "/v19.0/me", "headers": {"authorization": "Bearer \#(Self.issuedToken)"}},
             "response": {"json": {"id": "1"}}}
            """#)
        try write("any-node", #"""
            {"understudy": 1, "request": {"method": "GET", "path": "/v19.0/me/permissions/{node}", "query": {"access_token": "\#(Self.issuedToken)"}},
             "response": {"template": true, "json": {"id": "{{request.path.node}}"}}}
            """#)
        try write("duplicate-member", #"""
            {"understudy": 1, "request": {"method": "GET", "path": "/v19.0/debug_token"},
             "response": {"headers": {"Content-Type": "application/json"},
                          "text": "{\"access_token\": \"x\", \"access_token\": \"\#(Self.issuedToken)\", \"data\": {\"is_valid\": true}}"}}
            """#)
        try write("echo-post", #"""
            {"understudy": 1, "request": {"method": "POST", "path": "/v19.0/oauth/access_token"},
             "response": {"template": true, "json": {"echo": "{{request.header.x-echo}}"}}}
            """#)
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/facebook/" + name + ".json"))
    }

    /// Serves the upstream, and a recording Understudy (mode `missing`, writing into `tree`)
    /// proxying to it, for `body`.
    func withRecordingProxy<Result: Sendable>(
        into tree: String, _ body: (_ proxy: LiveServer, _ recorder: Recorder) async throws -> Result
    ) async throws -> Result {
        let contracts = try Contracts.load(from: RecordingServerTests.contractsPath)
        return try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: root))) { upstream in
            let recorder = Recorder(
                mode: .missing, root: tree, contracts: contracts, upstreamOverrides: ["facebook": upstream.baseURL.absoluteString],
                upstream: recordingUpstream(timeout: Patience.exchange))
            return try await LiveServer.withServer(responder: Responder(fixtures: [], recorder: recorder)) { proxy in
                try await body(proxy, recorder)
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// Every file below `root`, hidden ones included, by relative path.
func everyFile(under root: String) -> [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: DirectoryWalker.list(under: root, includeHidden: true).files.map { ($0, (try? FileBytes.read(root + "/" + $0)) ?? []) })
}

/// Whether `needle` occurs in `haystack`.
func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    Data(haystack).range(of: Data(needle.utf8)) != nil
}
