import Foundation
import Testing
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyServer

/// A value shaped like a credential (a Google key, a Facebook token, a JWT) is redacted wherever
/// it is shown, whatever it is called: in the miss report, the journal (which the dashboard
/// reads) and `/unmatched` (issue 42). Over a real socket.
@Suite("Redaction by shape")
struct RedactionByShapeTests {
    static let key = "AIza" + "SyMARKERshape0123456789abcdefghijklm"  // a Google key's shape, 39 characters
    static let token = "EAA" + "BMARKERshapeToken0123456789"
    static let jwt = "eyJhbGciOiJIUzI1NiJ9" + ".eyJzdWIiOiJNQVJLRVIifQ.c2lnbmF0dXJl"

    private static func ask(_ server: LiveServer, _ head: String) throws -> RawHTTPConnection.Response {
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(head + "Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return try connection.readResponse()
    }

    @Test func credentialShapesUnderOrdinaryNamesAreNeverShown() async throws {
        let responder = Responder(fixtures: [])
        try await LiveServer.withServer(responder: responder) { server in
            // Names no list knows as secret: `q`, `X-Trace`, `note`.
            let miss = try Self.ask(server, "GET /v3/businesses/search?q=\(Self.key)&note=\(Self.jwt) HTTP/1.1\r\nX-Trace: \(Self.token)\r\n")
            #expect(miss.status == 404)
            var shown = [miss.text]
            for path in ["/__understudy/journal", "/__understudy/unmatched"] {
                shown.append(try Self.ask(server, "GET \(path) HTTP/1.1\r\n").text)
            }
            shown.append(responder.journal.entries.map { $0.target + " " + $0.headers.map(\.value).joined(separator: " ") }.joined(separator: "\n"))
            for text in shown {
                for secret in [Self.key, Self.token, Self.jwt] {
                    #expect(!text.contains(secret), "\(secret.prefix(8))… shown in \(text.prefix(300))")
                }
                #expect(text.contains("REDACTED"))
            }
        }
    }
}
