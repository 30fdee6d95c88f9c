import Foundation
import NIOCore
import Testing
import UnderstudyCore
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
import UnderstudyTesting

/// Each limit answered as HTTP says, with the server serving everyone else throughout.
@Suite("Limits and containment over a real socket")
struct LimitsTests {
    static let limits = ServerLimits(
        maximumBodySize: 1000, maximumHeaderSize: 4096, maximumHeaderCount: 20, requestTimeout: .milliseconds(300), maximumConnections: 3)

    private func withLimitedServer(limits: ServerLimits = Self.limits, adminToken: String? = nil, _ body: (LiveServer) async throws -> Void) async throws {
        let tree = try FixtureTree(["feed/ok.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/ok"}, "response": {"text": "ok"}}"#])
        defer { tree.remove() }
        let responder = Responder(fixtures: try tree.load(), adminToken: adminToken)
        try await LiveServer.withServer(responder: responder, limits: limits) { try await body($0) }
    }

    private func stillServes(_ server: LiveServer) throws {
        #expect(try RawHTTPConnection(port: server.port).get("/ok").text == "ok")
    }

    @Test func oversizedHeadersGet431() async throws {
        try await withLimitedServer { server in
            let big = try RawHTTPConnection(port: server.port)
            let response = try big.get("/ok", headers: ["X-Big": String(repeating: "a", count: 5000)])
            #expect(response.status == 431)
            #expect(big.isClosedByPeer())
            let many = try RawHTTPConnection(port: server.port)
            var headers: [String: String] = [:]
            for i in 0..<30 { headers["X-H\(i)"] = "v" }
            #expect(try many.get("/ok", headers: headers).status == 431)
            try stillServes(server)
        }
    }

    @Test func oversizedBodiesGet413() async throws {
        try await withLimitedServer { server in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send(RawHTTPConnection.request("POST", "/ok", body: String(repeating: "x", count: 2000)))
            #expect(try connection.readResponse().status == 413)
            #expect(connection.isClosedByPeer())
            try stillServes(server)
        }
    }

    @Test func aRequestThatNeverCompletesGets408AndTheClose() async throws {
        try await withLimitedServer { server in
            let slow = try RawHTTPConnection(port: server.port)
            try slow.send("GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Dripping:")
            let (bytes, ending) = slow.readUntilEnd()
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
            #expect(ending == .closed)
            // An idle keep-alive connection is closed the same way after its answer.
            let idle = try RawHTTPConnection(port: server.port)
            #expect(try idle.get("/ok").status == 200)
            #expect(String(decoding: idle.readUntilEnd().bytes, as: UTF8.self).contains(" 408 "))
        }
    }

    @Test func connectionsPastTheLimitGet503() async throws {
        try await withLimitedServer { server in
            var open = try (0..<3).map { _ in try RawHTTPConnection(port: server.port) }
            for connection in open { #expect(try connection.get("/ok").status == 200) }
            let extra = try RawHTTPConnection(port: server.port)
            let (bytes, ending) = extra.readUntilEnd()
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
            #expect(ending == .closed)
            open.removeFirst()  // closes one
            var served = false
            for _ in 0..<200 where !served {  // the server notices the close asynchronously: bounded retries
                served = (try? RawHTTPConnection(port: server.port).get("/ok").status) == 200
                if !served { try await Task.sleep(nanoseconds: 10_000_000) }
            }
            #expect(served)
        }
    }

    @Test func theAdminTokenIsRequiredWhenSet() async throws {
        try await withLimitedServer(adminToken: "s3cret-admin") { server in
            let without = try RawHTTPConnection(port: server.port).get("/__understudy/health")
            #expect(without.status == 401)
            #expect(!without.text.contains("s3cret-admin"))
            #expect(try RawHTTPConnection(port: server.port).get("/__understudy/health", headers: ["X-Understudy-Admin-Token": "wrong"]).status == 401)
            #expect(try RawHTTPConnection(port: server.port).get("/__understudy/health", headers: ["X-Understudy-Admin-Token": "s3cret-admin"]).status == 200)
            try stillServes(server)  // fixtures need no token
        }
    }

    @Test func withoutATokenTheAdminAPIAnswersLocalClientsOnly() async {
        let responder = Responder(fixtures: [])
        #expect(await responder.respond(to: Request(method: "GET", target: "/__understudy/health", fromLoopback: true)).status == 200)
        let remote = await responder.respond(to: Request(method: "GET", target: "/__understudy/health", fromLoopback: false))
        #expect(remote.status == 403)
        #expect(String(decoding: remote.body, as: UTF8.self).contains("--admin-token"))
    }
}

/// Thousands of malformed and mutated requests over real sockets: the server answers or
/// closes each, never crashes (it runs in this process: a crash fails the run), and still
/// answers a good request afterwards. Seeded, so a failure reproduces.
@Suite("Fuzzing the server")
struct FuzzTests {
    static let cases = 3000

    /// The seeded generator, with the two helpers the cases need.
    private typealias Generator = SeededGenerator

    static let good = Array("GET /ok?q=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n".utf8)

    private static func input(_ kind: Int, _ random: inout Generator) -> [UInt8] {
        switch kind {
        case 0: return random.bytes(1 + random.below(2000))
        case 1:  // flipped bytes in a good request
            var bytes = good
            for _ in 0..<(1 + random.below(8)) { bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next()) }
            return bytes
        case 2: return Array(good.prefix(random.below(good.count)))  // truncated
        case 3: return Array("GET /ok HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "h", count: 70_000))\r\n\r\n".utf8)
        case 4: return Array("POST /ok HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n".utf8)
        case 5: return Array("GET /v3/%ZZ%%/caf%E0%A4%A?term=%G1%&x=%%%% HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        case 6: return Array("GET /ok HTTP/1.1\r\nHost: x\r\nX-Bad: ".utf8) + [0xFF, 0xFE, 0xC0, 0x80] + Array("\r\n\r\n".utf8)
        case 7: return good + random.bytes(random.below(300)) + good  // pipelined garbage
        case 8: return Array("GET /\(String(repeating: "a/", count: 30_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        default: return Array("POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: \(random.below(5000))\r\n\r\n".utf8) + random.bytes(random.below(300))
        }
    }

    @Test func malformedRequestsNeverBringTheServerDown() async throws {
        let tree = try FixtureTree(["feed/ok.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/ok"}, "response": {"text": "ok"}}"#])
        defer { tree.remove() }
        let responder = Responder(fixtures: try tree.load())
        try await LiveServer.withServer(responder: responder) { server in
            // Thousands of blocking connections: on a thread of their own, not the tasks' few threads.
            let port = server.port
            let endings = try await Thread.blocking { () -> Result<[RawHTTPConnection.Ending: Int], any Error> in
                Result {
                    var random = Generator(seed: 20_261_122)
                    var endings: [RawHTTPConnection.Ending: Int] = [:]
                    for index in 0..<Self.cases {
                        let connection = try RawHTTPConnection(port: port, timeoutSeconds: 5)
                        try? connection.send(bytes: Self.input(index % 10, &random))
                        connection.shutdownWrite()
                        endings[connection.readUntilEnd().ending, default: 0] += 1
                    }
                    return endings
                }
            }.get()
            #expect(endings[.timedOut, default: 0] == 0, "\(endings)")  // every case ended: answered or closed
            #expect(try RawHTTPConnection(port: server.port).get("/ok").text == "ok")
        }
    }
}

extension SeededGenerator {
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    fileprivate mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
}
