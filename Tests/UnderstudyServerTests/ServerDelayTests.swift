import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer
import UnderstudyTesting

/// Delays and dribbles over a real socket, timed by a `ManualClock`: the test moves the
/// server's clock and checks what has arrived, so nothing sleeps and nothing is flaky.
@Suite("Delays and dribbles over a real socket")
struct ServerDelayTests {
    static let documents = [
        "google/slow.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/slow"}, "response": {"delay": 5000, "text": "slow"}}"#,
        "google/fast.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/fast"}, "response": {"text": "fast"}}"#,
        "google/drip.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/drip"}, "response": {"dribble": {"duration": 1000, "chunks": 4}, "text": "abcdefgh"}}"#,
    ]

    private func withClockedServer(_ body: (LiveServer, ManualClock) async throws -> Void) async throws {
        let tree = try FixtureTree(Self.documents)
        defer { tree.remove() }
        let clock = ManualClock()
        let responder = Responder(fixtures: try tree.load(), clock: clock)
        try await LiveServer.withServer(responder: responder) { try await body($0, clock) }
    }

    /// Waits (bounded) until the server has scheduled `count` actions on the clock.
    private func untilScheduled(_ count: Int, on clock: ManualClock) async throws {
        for _ in 0..<5000 where clock.pendingCount < count { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(clock.pendingCount == count)
    }

    @Test func aDelayedAnswerWaitsForTheServersClock() async throws {
        try await withClockedServer { server, clock in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(RawHTTPConnection.request("GET", "/slow"))
            try await untilScheduled(1, on: clock)
            #expect(!connection.hasUnreadBytes())
            clock.advance(by: 4.9)
            #expect(clock.pendingCount == 1)
            #expect(!connection.hasUnreadBytes())
            clock.advance(by: 0.2)
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "slow")
        }
    }

    @Test func answersBehindADelayedOneKeepTheirOrder() async throws {
        try await withClockedServer { server, clock in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(RawHTTPConnection.request("GET", "/slow") + RawHTTPConnection.request("GET", "/fast"))
            try await untilScheduled(1, on: clock)
            #expect(!connection.hasUnreadBytes())  // "fast" waits behind "slow"
            clock.advance(by: 5)
            #expect(try connection.readResponse().text == "slow")
            #expect(try connection.readResponse().text == "fast")
        }
    }

    @Test func aDribbleSendsTheBodyPieceByPiece() async throws {
        try await withClockedServer { server, clock in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(RawHTTPConnection.request("GET", "/drip"))
            try await untilScheduled(1, on: clock)
            let start = try connection.waitFor("\r\n\r\nab")
            #expect(start.contains("Content-Length: 8\r\n"))
            #expect(start.hasSuffix("\r\n\r\nab"))
            for piece in ["cd", "ef"] {
                clock.advance(by: 1.0 / 3 + 0.001)
                try await untilScheduled(1, on: clock)
                #expect(try connection.waitFor(piece).hasSuffix(piece))
            }
            clock.advance(by: 1)
            #expect(try connection.readResponse().text == "abcdefgh")
            #expect(clock.pendingCount == 0)
        }
    }
}
