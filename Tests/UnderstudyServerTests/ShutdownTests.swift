import Foundation
import NIOCore
import Testing
import UnderstudyCore
import UnderstudyServer
import UnderstudyTesting

/// A shutdown leaves no socket open: idle keep-alive connections, connections waiting for a
/// delayed answer and connections silenced by a `no-answer` fault all close, over real sockets.
@Suite("Graceful shutdown")
struct ShutdownTests {
    private static let documents = [
        "google/fine.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/fine"}, "response": {"text": "fine"}}"#,
        "google/slow.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/slow"}, "response": {"text": "worth the wait", "delay": 5000}}"#,
        "google/silent.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/silent"}, "response": {"fault": "no-answer"}}"#,
    ]

    private static func server(grace: TimeAmount, clock: ManualClock) async throws -> (LiveServer, FixtureTree) {
        let tree = try FixtureTree(documents)
        var limits = ServerLimits.standard
        limits.shutdownGrace = grace
        let responder = Responder(fixtures: try tree.load(), clock: clock)
        return (try await LiveServer.start(responder: responder, limits: limits), tree)
    }

    /// Waits (boundedly) until the server counts `expected` connections, since it admits them
    /// on its own event loop after the client's connect returns.
    private static func waitForConnections(_ server: LiveServer, _ expected: Int) async throws {
        for _ in 0..<3000 where server.openConnections != expected { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.openConnections == expected)
    }

    @Test func shutdownClosesIdleSilentAndAnsweringConnections() async throws {
        let clock = ManualClock()
        let (server, tree) = try await Self.server(grace: .seconds(30), clock: clock)
        defer { tree.remove() }

        // Reads wait up to 30 s: the shutdown runs as a task, which a loaded machine may start late.
        let idle = try RawHTTPConnection(port: server.port, timeoutSeconds: 30)
        #expect(try idle.get("/fine").text == "fine")  // now idle, kept alive
        let silent = try RawHTTPConnection(port: server.port, timeoutSeconds: 30)
        try silent.send(RawHTTPConnection.request("GET", "/silent"))
        let answering = try RawHTTPConnection(port: server.port, timeoutSeconds: 30)
        try answering.send(RawHTTPConnection.request("GET", "/slow"))
        for _ in 0..<3000 where clock.pendingCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(clock.pendingCount == 1)  // the slow answer is waiting for the clock
        try await Self.waitForConnections(server, 3)
        // The silent request read too: closing with its bytes unread would reset the connection.
        for _ in 0..<3000 where server.responder.journal.receivedCount < 3 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.responder.journal.receivedCount == 3)

        let shutdown = Task { try await server.shutdown() }
        // Idle and silent connections close at once; the answering one waits for its answer.
        #expect(await Thread.blocking { idle.readUntilEnd().ending } == .closed)
        let silentEnd = await Thread.blocking { silent.readUntilEnd() }
        #expect(silentEnd == ([], .closed))
        try await Self.waitForConnections(server, 1)  // the server counts a close just after the client sees it
        clock.advance(by: 5)
        try await shutdown.value
        let answer = try answering.readResponse()
        #expect(answer.status == 200 && answer.text == "worth the wait")
        #expect(answer.header("Connection") == "close")
        #expect(answering.readUntilEnd().ending == .closed)
        #expect(server.openConnections == 0)
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: server.port, timeoutSeconds: 1) }
    }

    @Test func anAnswerThatOutlastsTheGraceIsCutOff() async throws {
        let clock = ManualClock()
        let (server, tree) = try await Self.server(grace: .milliseconds(200), clock: clock)
        defer { tree.remove() }
        let answering = try RawHTTPConnection(port: server.port)
        try answering.send(RawHTTPConnection.request("GET", "/slow"))
        for _ in 0..<3000 where clock.pendingCount == 0 { try await Task.sleep(for: .milliseconds(10)) }

        try await server.shutdown()  // the clock never moves: only the grace ends it
        #expect(server.openConnections == 0)
        #expect(answering.readUntilEnd() == ([], .closed))
    }
}
