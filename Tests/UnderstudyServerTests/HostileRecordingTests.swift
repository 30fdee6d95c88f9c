import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// Recording through a proxy to a hostile upstream over real sockets: whatever a client sends,
/// no real credential reaches a fixture, a file name or the client.
@Suite("Recording against a hostile client and upstream")
struct HostileRecordingTests {
    let client = URLSessionUpstream(timeout: 20)

    func get(_ target: String, from proxy: LiveServer, headers: [HeaderField] = [], method: String = "GET", body: String = "") async throws -> UpstreamResponse {
        try await client.send(UpstreamRequest(method: method, url: proxy.baseURL.absoluteString + target, headers: headers, body: Array(body.utf8)))
    }

    @Test func aPlaceholderIsRestoredOnlyInTheCredentialsOwnPosition() async throws {
        let upstream = try HostileUpstream()
        let tree = RecordingServerTests.temporaryFolder()
        defer { upstream.remove(); try? FileManager.default.removeItem(atPath: tree) }
        let answers = try await upstream.withRecordingProxy(into: tree) { proxy, _ in
            let login = try await get("/v19.0/oauth/access_token?client_id=1&client_secret=\(HostileUpstream.appSecret)&code=MARKERcode0123456789", from: proxy)
            let token = try #require(try JSONParser.parse(login.body)["access_token"]?.stringValue)
            #expect(token.hasPrefix("FAKE-understudy-access-token-"))
            // The placeholder where the credential goes reaches the upstream as the real token (it
            // answers /me only then); in `fields` and in the path it stays a placeholder.
            let me = try await get("/v19.0/me?fields=\(token)&access_token=\(token)", from: proxy)
            let node = try await get("/v19.0/me/permissions/\(token)?access_token=\(token)", from: proxy)
            let bearer = try await get("/v19.0/me?fields=id", from: proxy, headers: [HeaderField(name: "Authorization", value: "Bearer \(token)")])
            #expect(try JSONParser.parse(me.body)["fields"]?.stringValue == token)
            #expect(try JSONParser.parse(node.body)["id"]?.stringValue == token)
            return [login, me, node, bearer]
        }
        #expect(answers.map(\.status) == [200, 200, 200, 200])
        for answer in answers { #expect(!contains(answer.body, HostileUpstream.issuedToken)) }
        let files = everyFile(under: tree)
        #expect(files.count >= 6)
        for (file, bytes) in files {
            #expect(!file.contains(HostileUpstream.issuedToken) && !file.contains("MARKER"), "\(file)")
            let leaked = [HostileUpstream.issuedToken, HostileUpstream.appSecret].filter { contains(bytes, $0) }
            #expect(leaked.isEmpty, "\(file) holds a real credential")
        }
        #expect(LeakGate.scan(root: tree).findings.isEmpty)
    }
}
