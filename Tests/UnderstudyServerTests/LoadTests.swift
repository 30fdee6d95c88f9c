import Foundation
import Testing
import UnderstudySupport
import UnderstudyTesting

/// A bounded load run against the real `understudy serve` process, on loopback: up to 700
/// connections open at once, each kept alive for several requests. It asserts that every
/// request was answered correctly; memory is printed for the record, never asserted.
@Suite("Load")
struct LoadTests {
    /// 700 connections, or an eighth of what this process may open (`ulimit -n 1024` is a
    /// common default, and the tests running beside this one need descriptors too: their
    /// servers' sockets on both ends, body files kept open, event loops). Half was too much:
    /// a run under `ulimit -n 1024` hit "Too many open files" in other tests, and a test whose
    /// `Process` lost its exit notice that way waited forever. A quarter left about a hundred
    /// to spare (the whole suite peaked at 919 descriptors), and three more tests took them.
    /// Never more than 700: this process must keep its descriptors below 1,024, because Foundation's `Process` on Linux
    /// watches its pipes with `select()`, whose set holds only descriptors below `FD_SETSIZE`
    /// (1,024); a test launching a process while this one held 1,000 sockets got pipes above
    /// it, and crashed in `Process.run()` or left a recording test's requests unanswered.
    static let connections: Int = {
        guard let limit = Platform.openFileLimit else { return 250 }
        return Int(min(700, limit / 8))
    }()
    static let rounds = 3

    @Test func hundredsOfKeepAliveConnectionsAtOnce() async throws {
        try #require(Self.connections >= 100, "too few file descriptors for a load test: ulimit -n")
        // Seconds of blocking socket work: on a thread of its own, not the tasks' few threads.
        try await Thread.blocking { Result { try Self.load() } }.get()
    }

    private static func load() throws {
        let body = "[" + (0..<400).map { #"{"id": "business-\#($0)", "rating": 4.5}"# }.joined(separator: ",") + "]"
        let tree = try FixtureTree([
            "yelp/search.body.json": body,
            "yelp/search.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search"}, "response": {"file": "search.body.json"}}"#,
        ])
        defer { tree.remove() }
        let server = try CLIProcess.Serving(["--fixtures", tree.root])
        defer { _ = server.stop() }
        let pid = server.process.processIdentifier
        guard let port = server.url.port else { throw CLIProcess.CLIError(description: "no port in \(server.url)") }

        for _ in 0..<50 { _ = try RawHTTPConnection(port: port).get("/v3/businesses/search") }  // warm up
        let baseline = TestPlatform.residentMB(pid)
        // Two identical phases: retained memory that does not grow in the second is the
        // allocator keeping pages for reuse, not a leak.
        var afterPhases: [Double] = []
        var line = ""
        for phase in 1...2 {
            let started = Date()
            var clients = try (0..<Self.connections).map { _ in try RawHTTPConnection(port: port, timeoutSeconds: 10) }
            var answered = 0
            for _ in 0..<Self.rounds {
                // Every connection asks before any reads, so the server holds them all at once.
                for client in clients { try client.send(RawHTTPConnection.request("GET", "/v3/businesses/search")) }
                for client in clients {
                    let response = try client.readResponse()
                    if response.status == 200 && response.body.count == body.utf8.count { answered += 1 }
                }
            }
            let seconds = Date().timeIntervalSince(started)
            let loaded = TestPlatform.residentMB(pid)
            clients.removeAll()  // closes all 1,000
            #expect(answered == Self.connections * Self.rounds)
            // Let the server see the closes: a few sequential requests on a fresh connection.
            let probe = try RawHTTPConnection(port: port)
            for _ in 0..<20 { #expect(try probe.get("/v3/businesses/search").status == 200) }
            let after = TestPlatform.residentMB(pid) ?? -1
            afterPhases.append(after)
            line += String(format: " | phase %d: %d answered in %.2f s (%.0f req/s), RSS loaded %.1f, after %.1f",
                           phase, answered, seconds, Double(answered) / seconds, loaded ?? -1, after)
        }
        print(String(format: "LOAD %d connections x %d rounds, server RSS MB baseline %.1f, peak %.1f",
                     Self.connections, Self.rounds, baseline ?? -1, TestPlatform.residentMB(pid, field: "VmHWM") ?? -1) + line)
    }
}
