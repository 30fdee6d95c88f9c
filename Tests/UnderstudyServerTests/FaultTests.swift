import Foundation
import Testing
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyServer
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Each fault over a real socket, and the error `URLSession` reports for it on this platform:
/// the table in docs/faults.md is this test's expectations.
@Suite("Faults at the socket")
struct FaultTests {
    static func fixture(_ fault: Fault) -> String {
        """
        {"understudy": 1, "request": {"method": "GET", "path": "/fault/\(fault.rawValue)"},
         "response": {"status": 200, "fault": "\(fault.rawValue)", "json": {"results": ["some", "body", "to", "cut", "short"]}}}
        """
    }

    private func withFaultServer(_ body: (LiveServer) async throws -> Void) async throws {
        let tree = try FixtureTree(["google/fine.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/fine"}, "response": {"text": "ok"}}"#])
        defer { tree.remove() }
        for fault in Fault.allCases { try tree.write("google/\(fault.rawValue).json", Self.fixture(fault)) }
        try await LiveServer.withServer(responder: Responder(fixtures: try tree.load())) { try await body($0) }
    }

    /// The URLError code a GET of `path` ends with (nil if it succeeded).
    private func errorCode(_ server: LiveServer, _ path: String, timeout: TimeInterval = 5) async -> URLError.Code? {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            _ = try await session.data(from: URL(string: server.baseURL.absoluteString + path)!)
            return nil
        } catch let error as URLError {
            return error.code
        } catch {
            Issue.record("not a URLError: \(error)")
            return nil
        }
    }

    /// What URLSession reports for each fault, measured on Linux (FoundationNetworking, which
    /// uses libcurl). Apple's URLSession is a different implementation: not measured here.

    @Test(arguments: Fault.allCases)
    func faultGivesItsURLError(fault: Fault) async throws {
        try await withFaultServer { server in
            let code = await errorCode(server, "/fault/\(fault.rawValue)", timeout: fault == .noAnswer ? 1 : 5)
            #if os(Linux)
            #expect(code == fault.clientError, "\(fault.rawValue) gave \(code.map { "\($0.rawValue)" } ?? "no error")")
            #else
            #expect(code != nil)
            #endif
            // The server goes on serving everyone else.
            #expect(await errorCode(server, "/fine") == nil)
        }
    }

    @Test func faultsSendExactlyWhatTheyClaim() async throws {
        try await withFaultServer { server in
            func play(_ fault: Fault, timeout: Int = 5) throws -> (text: String, ending: RawHTTPConnection.Ending) {
                let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: timeout)
                try connection.send(RawHTTPConnection.request("GET", "/fault/\(fault.rawValue)"))
                let (bytes, ending) = connection.readUntilEnd()
                return (String(decoding: bytes, as: UTF8.self), ending)
            }
            #expect(try play(.reset) == ("", .reset))
            #expect(try play(.empty) == ("", .closed))

            let short = try play(.shortBody)
            let declared = try #require(short.text.split(separator: "\r\n").first { $0.hasPrefix("Content-Length: ") }.flatMap { Int($0.dropFirst(16)) })
            let received = short.text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n").utf8.count
            #expect(short.ending == .closed)
            #expect(received > 0 && received < declared, "declared \(declared), received \(received)")

            let chunk = try play(.malformedChunk)
            #expect(chunk.text.contains("Transfer-Encoding: chunked\r\n"))
            #expect(!chunk.text.contains("Content-Length"))
            #expect(chunk.text.hasSuffix("\r\n\r\nzz\r\nnot a chunk size\r\n"))

            let garbage = try play(.garbage)
            #expect(garbage.ending == .closed)
            #expect(!garbage.text.hasPrefix("HTTP/"))

            #expect(try play(.noAnswer, timeout: 1) == ("", .timedOut))
        }
    }
}
