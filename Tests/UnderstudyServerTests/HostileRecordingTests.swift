import Foundation
import Testing
import UnderstudyCore
import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
import UnderstudyURLSession

/// Recording through a proxy to a hostile upstream over real sockets: whatever a client sends,
/// no real credential reaches a fixture, a file name or the client.
@Suite("Recording against a hostile client and upstream")
struct HostileRecordingTests {
    let client = URLSessionUpstream(timeout: Patience.exchange)

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

extension HostileRecordingTests {
    /// A realistic Facebook app secret: 32 hex digits.
    static let hexSecret = "9f86d081" + "884c7d659a2feaa0c55ad015"

    @Test func bodyCredentialsInEveryBodyKindStayOffTheDiskOrAreRefused() async throws {
        let upstream = try HostileUpstream()
        let tree = RecordingServerTests.temporaryFolder()
        defer { upstream.remove(); try? FileManager.default.removeItem(atPath: tree) }
        let secret = Self.hexSecret
        let multipart = "--XyZ\r\nContent-Disposition: form-data; name=\"client_id\"\r\n\r\n138483919580948\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\n\(secret)\r\n--XyZ--\r\n"
        // The upstream echoes X-Echo, standing for an API that reflects the body.
        let echo = HeaderField(name: "X-Echo", value: "secret=\(secret)")
        let answers = try await upstream.withRecordingProxy(into: tree) { proxy, _ in
            let path = "/v19.0/oauth/access_token"
            return [
                try await get(path, from: proxy, headers: [HeaderField(name: "Content-Type", value: "multipart/form-data; boundary=XyZ"), echo], method: "POST", body: multipart),
                try await get(path, from: proxy, headers: [HeaderField(name: "Content-Type", value: "text/plain"), echo], method: "POST", body: "client_id=1&client_secret=\(secret)"),
                try await get(path, from: proxy, headers: [HeaderField(name: "Content-Type", value: "application/json"), echo], method: "POST",
                    body: #"{"client_id": "1", "client_secret": "x", "client_secret": "\#(secret)"}"#),
                try await get(path, from: proxy, headers: [HeaderField(name: "Content-Type", value: "multipart/form-data; boundary=Nope"), echo], method: "POST", body: multipart),
            ]
        }
        // Multipart is read field by field: recorded, the echo scrubbed. The others are refused.
        #expect(answers.map(\.status) == [200, 422, 422, 422])
        let echoed = contains(answers[0].body, secret)
        #expect(!echoed)
        for refused in answers.dropFirst() {
            let reason = try JSONParser.parse(refused.body)["understudy"]?["reason"]?.stringValue ?? ""
            #expect(reason.contains("cannot be") && !reason.contains(secret), "\(reason)")
        }
        let files = everyFile(under: tree)
        #expect(files.count == 2)
        for (file, bytes) in files {
            let leaked = contains(bytes, secret)
            #expect(!leaked, "\(file) holds the secret")
        }
        #expect(LeakGate.scan(root: tree).findings.isEmpty)
    }
}

extension HostileRecordingTests {
    @Test func aPathWithDotSegmentsIsRefusedNotForwardedAndNotWritten() async throws {
        let upstream = try HostileUpstream()
        let tree = RecordingServerTests.temporaryFolder()
        defer { upstream.remove(); try? FileManager.default.removeItem(atPath: tree) }
        let token = HostileUpstream.issuedToken
        try await upstream.withRecordingProxy(into: tree) { proxy, recorder in
            // Raw, so no client library resolves the dot segments first.
            for target in ["/v19.0/me/permissions/..?access_token=\(token)", "/v19.0/me/permissions/%2e%2e/x?access_token=\(token)", "/v19.0/me/./permissions?access_token=\(token)"] {
                let answer = try await RawHTTPConnection.get(port: proxy.port, target)
                #expect(answer.status == 422, "\(target): \(answer.text)")
                #expect(answer.text.contains("dot segment") && !answer.text.contains(token), "\(answer.text)")
            }
            #expect(recorder.summary.recorded.isEmpty && recorder.summary.failures.count == 3)
        }
        #expect(everyFile(under: tree).isEmpty)
    }
}

extension HostileRecordingTests {
    @Test func anAnswerWithADuplicateSecretMemberIsScrubbedAsText() async throws {
        let upstream = try HostileUpstream()
        let tree = RecordingServerTests.temporaryFolder()
        defer { upstream.remove(); try? FileManager.default.removeItem(atPath: tree) }
        let answer = try await upstream.withRecordingProxy(into: tree) { proxy, _ in
            try await get("/v19.0/debug_token?input_token=EAAUnderstudyShortLivedToken", from: proxy)
        }
        #expect(answer.status == 200)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(!text.contains(HostileUpstream.issuedToken) && text.contains(#""access_token": "FAKE-understudy-access-token-"#), "\(text)")
        let files = everyFile(under: tree)
        #expect(files.count == 2)
        for (file, bytes) in files {
            let leaked = contains(bytes, HostileUpstream.issuedToken)
            #expect(!leaked, "\(file) holds the issued token")
        }
        #expect(LeakGate.scan(root: tree).findings.isEmpty)
    }
}
