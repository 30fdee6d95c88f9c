import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The two transports are one Understudy: every request below is sent in both modes, and what a
/// `URLSession` client sees (status, headers, body, or the error) is the same, as is when the
/// answer arrives on the server's clock.
@Suite("Live and in process answer alike")
struct TransportEqualityTests {
    /// What a client saw.
    enum Seen: Equatable {
        case answer(status: Int, contentType: String?, body: [UInt8])
        case failure(URLError.Code)
    }

    private static let documents = [
        "google/plain.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/plain"}, "response": {"json": {"status": "OK"}}}"#,
        "google/slow.json": #"""
            {"understudy": 1, "request": {"method": "GET", "path": "/slow"},
             "response": {"text": "0123456789abcdefghij", "delay": 500, "dribble": {"duration": 1500, "chunks": 4}}}
            """#,
        "google/upload.json": #"{"understudy": 1, "request": {"method": "POST", "path": "/upload"}, "response": {"status": 201, "text": "stored"}}"#,
        "google/variant.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/variant", "headers": {"x-variant": "a"}}, "response": {"text": "a"}}"#,
    ].merging(Fault.allCases.map { ("google/\($0.rawValue).json", #"{"understudy": 1, "request": {"method": "GET", "path": "/fault/\#($0.rawValue)"}, "response": {"json": {"results": [1, 2, 3, 4]}, "fault": "\#($0.rawValue)"}}"#) }) { $1 }

    private static let limits: ServerLimits = {
        var limits = ServerLimits.standard
        limits.maximumBodySize = 64
        limits.maximumHeaderCount = 20
        return limits
    }()

    /// Sends `request` (a path, or a request built on the base URL) in `mode` and returns what
    /// came back; `during` runs while the request is in flight, with the server.
    /// `timeout` is the client's: short only where the server stays silent on purpose.
    private static func see(
        _ mode: TestServer.Mode, _ build: @Sendable (URL) -> URLRequest, timeout: TimeInterval,
        during: @Sendable (TestServer) async throws -> Void = { _ in }
    ) async throws -> Seen {
        let tree = try TestFixtures.tree(documents)
        defer { try? FileManager.default.removeItem(atPath: tree) }
        return try await withUnderstudy(fixtures: tree, mode: mode, limits: limits) { server in
            let configuration = server.configuration
            configuration.timeoutIntervalForRequest = timeout
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let request = build(server.baseURL)
            let fetch = Task { () throws -> Seen in
                do {
                    let (data, response) = try await session.data(for: request)
                    let http = try #require(response as? HTTPURLResponse)
                    return .answer(status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: Array(data))
                } catch let error as URLError {
                    return .failure(error.code)
                }
            }
            try await during(server)
            return try await fetch.value
        }
    }

    private static func get(_ path: String) -> @Sendable (URL) -> URLRequest {
        { URLRequest(url: $0.appendingPathComponent(path)) }
    }

    /// Both modes, side by side.
    private static func both(
        _ build: @escaping @Sendable (URL) -> URLRequest, timeout: TimeInterval = 60,
        during: @escaping @Sendable (TestServer) async throws -> Void = { _ in }
    ) async throws -> (live: Seen, inProcess: Seen) {
        (try await see(.live, build, timeout: timeout, during: during), try await see(.inProcess, build, timeout: timeout, during: during))
    }

    @Test func aFixtureAnswerIsTheSame() async throws {
        let seen = try await Self.both(Self.get("plain"))
        #expect(seen.live == seen.inProcess)
        guard case .answer(200, "application/json", let body) = seen.live else {
            Issue.record("expected a JSON 200, saw \(seen.live)")
            return
        }
        #expect(try JSONParser.parse(body)["status"]?.stringValue == "OK")
    }

    @Test func aDelayedDribbleArrivesWhenTheClockSaysInBothModes() async throws {
        let seen = try await Self.both(Self.get("slow")) { server in
            try await Self.waitForPending(server.clock)
            server.clock.advance(by: 0.5)  // the delay: the head and the first piece
            try await Self.waitForPending(server.clock)
            #expect(server.clock.pendingCount == 1)  // the rest is still waiting for the clock
            for _ in 0..<3 {
                try await Self.waitForPending(server.clock)
                server.clock.advance(by: 0.5)
            }
        }
        #expect(seen.live == seen.inProcess)
        #expect(seen.live == .answer(status: 200, contentType: "text/plain; charset=utf-8", body: Array("0123456789abcdefghij".utf8)))
    }

    @Test func aBodyPastTheLimitGets413InBothModes() async throws {
        let seen = try await Self.both { base in
            var request = URLRequest(url: base.appendingPathComponent("upload"))
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 0x61, count: 65)
            return request
        }
        #expect(seen.live == seen.inProcess)
        guard case .answer(413, _, let body) = seen.live else {
            Issue.record("expected 413, saw \(seen.live)")
            return
        }
        #expect(String(decoding: body, as: UTF8.self).contains("request body larger than 64 bytes"))
    }

    /// RFC 9110 §5.5: the whitespace around a value is no part of it, in process as on the wire.
    @Test func aValueWithWhitespaceAroundItMatchesInBothModes() async throws {
        let seen = try await Self.both { base in
            var request = URLRequest(url: base.appendingPathComponent("variant"))
            request.setValue("a \t", forHTTPHeaderField: "X-Variant")
            return request
        }
        #expect(seen.live == seen.inProcess)
        #expect(seen.inProcess == .answer(status: 200, contentType: "text/plain; charset=utf-8", body: Array("a".utf8)))
    }

    @Test func tooManyHeadersGet431InBothModes() async throws {
        let seen = try await Self.both { base in
            var request = URLRequest(url: base.appendingPathComponent("plain"))
            for index in 0..<30 { request.setValue("\(index)", forHTTPHeaderField: "X-Header-\(index)") }
            return request
        }
        #expect(seen.live == seen.inProcess)
        guard case .answer(431, "text/plain; charset=utf-8", let body) = seen.live else {
            Issue.record("expected 431, saw \(seen.live)")
            return
        }
        #expect(String(decoding: body, as: UTF8.self).contains("more than 20 fields"))
    }

    @Test(arguments: Fault.allCases)
    func aFaultIsTheSameErrorInBothModes(_ fault: Fault) async throws {
        let seen = try await Self.both(Self.get("fault/\(fault.rawValue)"), timeout: fault == .noAnswer ? 2 : 60)
        #expect(seen.live == seen.inProcess)
        #expect(seen.live == .failure(fault.clientError))
    }

    /// Waits (boundedly) until something waits for the clock.
    private static func waitForPending(_ clock: ManualClock) async throws {
        for _ in 0..<3000 where clock.pendingCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try #require(clock.pendingCount > 0)
    }
}
