import Foundation
import Testing
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyServer

/// A web page cannot use the admin API: not by rebinding its name to 127.0.0.1 (its own name is
/// in `Host`), not by a cross-site form or `no-cors` fetch (their bodies are not JSON, and they
/// carry another `Origin`). Over a real socket, with the requests as browsers send them.
@Suite("Admin API from the web")
struct AdminGuardTests {
    private static func withServer(adminToken: String? = nil, _ body: (LiveServer) async throws -> Void) async throws {
        let responder = Responder(fixtures: [], clock: ManualClock(), adminToken: adminToken)
        try await LiveServer.withServer(responder: responder) { server in try await body(server) }
    }

    private static func ask(_ server: LiveServer, _ head: String, body: String = "") throws -> RawHTTPConnection.Response {
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        return try connection.readResponse()
    }

    @Test func aRebindingPageCannotReadTheJournal() async throws {
        try await Self.withServer { server in
            let rebound = try Self.ask(server, "GET /__understudy/journal HTTP/1.1\r\nHost: rebind.attacker.example:\(server.port)\r\n")
            #expect(rebound.status == 403)
            #expect(rebound.text.contains("rebind.attacker.example"))
            for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST"] {
                #expect(try Self.ask(server, "GET /__understudy/journal HTTP/1.1\r\nHost: \(host)\r\n").status == 200, "\(host)")
            }
        }
    }

    @Test func aCrossSiteFormOrNoCorsFetchChangesNothing() async throws {
        try await Self.withServer { server in
            let host = "Host: 127.0.0.1:\(server.port)\r\n"
            let clock = server.responder.clock.now
            // A text/plain form, as a page on another origin can post it without asking.
            let form = try Self.ask(server, "POST /__understudy/clock HTTP/1.1\r\n\(host)Content-Type: text/plain\r\n", body: #"{"advanceSeconds": 86400}"#)
            #expect(form.status == 415)
            // A no-cors fetch from another origin.
            let fetch = try Self.ask(
                server, "POST /__understudy/clock HTTP/1.1\r\n\(host)Origin: https://attacker.example\r\nContent-Type: application/json\r\n",
                body: #"{"advanceSeconds": 86400}"#)
            #expect(fetch.status == 403)
            #expect(server.responder.clock.now == clock, "the clock did not move")
            // The same change from the server's own page, or from a client that is no browser.
            let own = try Self.ask(
                server, "POST /__understudy/clock HTTP/1.1\r\n\(host)Origin: http://127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n",
                body: #"{"advanceSeconds": 60}"#)
            #expect(own.status == 200, "\(own.text)")
            #expect(try Self.ask(server, "POST /__understudy/reset HTTP/1.1\r\n\(host)").status == 200)
            // Another server on this machine is another site: its pages cannot reset this one.
            let neighbour = try Self.ask(server, "POST /__understudy/reset HTTP/1.1\r\n\(host)Origin: http://127.0.0.1:\(server.port == 1 ? 2 : 1)\r\n")
            #expect(neighbour.status == 403)
        }
    }

    @Test func theAdminTokenInItsHeaderStandsForHostAndOrigin() async throws {
        try await Self.withServer(adminToken: "s3cret-admin-token") { server in
            let foreign = "Host: understudy.internal.example\r\nOrigin: https://tools.example\r\n"
            #expect(try Self.ask(server, "GET /__understudy/journal HTTP/1.1\r\n\(foreign)").status == 401)
            let withToken = try Self.ask(server, "POST /__understudy/reset HTTP/1.1\r\n\(foreign)X-Understudy-Admin-Token: s3cret-admin-token\r\n")
            #expect(withToken.status == 200)
        }
    }
}
