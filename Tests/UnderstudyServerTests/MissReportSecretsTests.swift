import Foundation
import Testing
import UnderstudyCore
import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
import UnderstudyURLSession

/// A miss report names what a request sent, but never a credential in its body: not in the
/// 404 answer, the journal, `/unmatched` or the report's text (a test failure message).
@Suite("Miss reports and request-body credentials")
struct MissReportSecretsTests {
    static let secrets = ["9f86d081" + "884c7d659a2feaa0c55ad015", "EAAMARKERexchange0123456789abcd", "MARKERpassword0123456789"]

    /// One body of each kind a provider accepts, each carrying the secrets.
    static func bodies() -> [(contentType: String, body: String)] {
        let (secret, exchange, password) = (secrets[0], secrets[1], secrets[2])
        return [
            ("application/x-www-form-urlencoded", "client_id=1&client_secret=\(secret)&fb_exchange_token=\(exchange)&password=\(password)"),
            ("application/json", #"{"client_id": "1", "client_secret": "\#(secret)", "nested": {"access_token": "\#(exchange)", "password": "\#(password)"}}"#),
            ("multipart/form-data; boundary=B", "--B\r\nContent-Disposition: form-data; name=\"client_secret\"\r\n\r\n\(secret)\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"access_token\"\r\n\r\n\(exchange)\r\n--B\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n\(password)\r\n--B--\r\n"),
            ("text/plain", "client_secret=\(secret)&fb_exchange_token=\(exchange)&password=\(password)"),
            ("application/json", #"{"client_secret": "x", "client_secret": "\#(secret)", "access_token": "\#(exchange)", "password": "\#(password)"}"#),
        ]
    }

    @Test func bodyCredentialsAreRedactedInTheAnswerJournalUnmatchedAndText() async throws {
        let tree = RecordingServerTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createDirectory(atPath: tree + "/facebook", withIntermediateDirectories: true)
        try Data(#"""
            {"understudy": 1, "request": {"method": "POST", "path": "/v19.0/oauth/access_token", "body": {"text": "grant_type=client_credentials"}},
             "response": {"json": {"access_token": "EAAUnderstudyLongLivedToken"}}}
            """#.utf8).write(to: URL(fileURLWithPath: tree + "/facebook/token.json"))
        let responder = Responder(fixtures: try FixtureLoader.load(from: tree))
        let client = URLSessionUpstream(timeout: Patience.exchange)
        try await LiveServer.withServer(responder: responder) { server in
            var shown: [(String, [UInt8])] = []
            for (contentType, body) in Self.bodies() {
                let answer = try await client.send(UpstreamRequest(
                    method: "POST", url: server.baseURL.absoluteString + "/v19.0/oauth/access_token",
                    headers: [HeaderField(name: "Content-Type", value: contentType)], body: Array(body.utf8)))
                #expect(answer.status == 404 && answer.headers.contains { $0.name.lowercased() == "x-understudy-miss" })
                let report = try JSONParser.parse(answer.body)
                let actual = report["understudy"]?["nearMisses"]?.arrayValue?.first?["mismatches"]?.arrayValue?.first?["actual"]?.stringValue ?? ""
                #expect(!actual.isEmpty, "\(contentType): \(report)")
                shown.append(("answer to \(contentType)", answer.body))
            }
            for path in ["/__understudy/journal", "/__understudy/unmatched"] {
                let answer = try await client.send(UpstreamRequest(method: "GET", url: server.baseURL.absoluteString + path))
                #expect(answer.status == 200)
                shown.append((path, answer.body))
            }
            // What a test failure message prints (UnderstudyTesting's journal expectations).
            let mismatches = responder.journal.unmatched.flatMap { $0.nearMisses ?? [] }.flatMap(\.mismatches)
            #expect(mismatches.count == Self.bodies().count)
            for mismatch in mismatches { shown.append(("failure message", Array("\(mismatch.expected) \(mismatch.actual)".utf8))) }
            for (place, bytes) in shown {
                let leaked = Self.secrets.filter { Data(bytes).range(of: Data($0.utf8)) != nil }
                #expect(leaked.isEmpty, "\(place) shows \(leaked.count) secret(s): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
