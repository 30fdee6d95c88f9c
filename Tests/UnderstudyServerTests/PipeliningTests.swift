import Foundation
import NIOCore
import NIOPosix
import Testing
import UnderstudyCore
import UnderstudyServer
import UnderstudyTesting

/// Clients that pipeline, over real sockets: a half-closed client still gets its answers, a
/// client that never reads cannot make the server read (and queue) without bound, and
/// clients flooding the server with pipelined misses do not lock others out.
@Suite("Pipelining clients")
struct PipeliningTests {
    /// A server on its own event loops when `group` is given (a flood then slows no other test).
    private static func withServer(
        clock: ManualClock = ManualClock(), group: (any EventLoopGroup)? = nil, _ body: (LiveServer) async throws -> Void
    ) async throws {
        let tree = try FixtureTree([
            "google/fine.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/fine"}, "response": {"text": "fine"}}"#,
            "google/slow.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/slow"}, "response": {"text": "slow", "delay": 1000}}"#,
            "google/large.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/large"}, "response": {"file": "large.bin"}}"#,
        ])
        defer { tree.remove() }
        try tree.write("google/large.bin", bytes: [UInt8](repeating: 0x55, count: largeBodySize))
        let responder = Responder(fixtures: try tree.load(), clock: clock)
        try await LiveServer.withServer(responder: responder, group: group ?? MultiThreadedEventLoopGroup.singleton) { try await body($0) }
    }

    @Test func aHalfClosedClientGetsEveryAnswerToWhatItSent() async throws {
        try await Self.withServer { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send(String(repeating: RawHTTPConnection.request("GET", "/fine"), count: 3))
            client.shutdownWrite()
            for _ in 0..<3 { #expect(try client.readResponse().text == "fine") }
            #expect(client.readUntilEnd() == ([], .closed))
        }
    }

    @Test func aClientThatNeverReadsIsNotReadWithoutBound() async throws {
        let clock = ManualClock()
        try await Self.withServer(clock: clock) { server in
            let client = try RawHTTPConnection(port: server.port)
            // The first answer waits for a clock that never moves; everything after it queues.
            try client.send(RawHTTPConnection.request("GET", "/slow"))
            for _ in 0..<3000 where clock.pendingCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            try #require(clock.pendingCount == 1)
            let limit = 64 << 20
            let taken = client.sendUntilStalled(Array(RawHTTPConnection.request("GET", "/fine").utf8), limit: limit)
            // What the server took is its bounded queue plus what the sockets' buffers hold
            // (a few MB on loopback); a server that read on would take all 64 MB.
            #expect(taken < limit / 4, "the server took \(taken) bytes of pipelined requests")
            // Once the answer goes out, the queued requests are answered in order.
            clock.advance(by: 1)
            #expect(try client.readResponse().text == "slow")
            #expect(try client.readResponse().text == "fine")
        }
    }

    static let largeBodySize = 1 << 20

    @Test func answersAreMadeOnlyAsFastAsTheClientReadsThem() async throws {
        try await Self.withServer { server in
            let client = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            try client.send(String(repeating: RawHTTPConnection.request("GET", "/large"), count: 40))
            // Each answer is a megabyte; the client reads none. The server makes the next one
            // only when the last has left, so it holds one or two, not forty (40 MB).
            try await Task.sleep(for: .milliseconds(500))
            let madeWhileUnread = server.responder.journal.receivedCount
            #expect(madeWhileUnread <= 4, "\(madeWhileUnread) answers made for a client that read none")
            for _ in 0..<40 { #expect(try client.readResponse().body.count == Self.largeBodySize) }
            #expect(server.responder.journal.receivedCount == 40)
        }
    }

    @Test func clientsFloodingWithPipelinedMissesDoNotLockOthersOut() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { group.shutdownGracefully { _ in } }
        try await Self.withServer(group: group) { server in
            let floodRequest = Array(RawHTTPConnection.request("GET", "/missing?" + (0..<50).map { "p\($0)=\($0)" }.joined(separator: "&")).utf8)
            let flooders = try (0..<8).map { _ in try RawHTTPConnection(port: server.port) }
            let flooding = flooders.map { flooder in
                Task { await Thread.blocking { flooder.sendUntilStalled(floodRequest, limit: 8 << 20, stallSeconds: 2) } }
            }
            // A newcomer is answered while the flood goes on (its read times out after 5 s).
            let newcomer = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            #expect(try newcomer.get("/fine").text == "fine")
            for flood in flooding { _ = await flood.value }
        }
    }
}
