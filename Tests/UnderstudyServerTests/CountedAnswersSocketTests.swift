import Foundation
import Testing
import UnderstudyServer

/// Yelp's answers with the contracts on carry rate-limit fields counted per request, so the
/// server keeps them cut around those fields and joins each anew. Over a real socket,
/// pipelined, every answer must still come whole and in order, counted one by one.
@Suite("Counted answers over a socket")
struct CountedAnswersSocketTests {
    static let search = ProviderBehaviourTests.sfSearch

    /// Six requests pipelined, and an HTTP/1.0 one that closes the connection after its answer.
    @Test func pipelinedCountedAnswersComeWholeAndInOrder() async throws {
        try await withBundledServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 30)
            let key = ["Authorization": "Bearer FAKE-understudy-yelp-api-key"]
            let closing = "GET \(Self.search) HTTP/1.0\r\nAuthorization: \(key["Authorization"]!)\r\n\r\n"
            try connection.send(String(repeating: RawHTTPConnection.request("GET", Self.search, headers: key), count: 6) + closing)
            let answers = try (0..<7).map { _ in try connection.readResponse() }
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers.map(\.status))")
            let remaining = answers.compactMap { $0.header("RateLimit-Remaining").flatMap(Int.init) }
            #expect(remaining == Array((4_993...4_999).reversed()))
            #expect(!answers[0].body.isEmpty && answers.allSatisfy { $0.body == answers[0].body })
            #expect(answers.allSatisfy { $0.header("Content-Length") == String(answers[0].body.count) })
            #expect(answers[6].header("Connection") == "close" && answers[..<6].allSatisfy { $0.header("Connection") == nil })
            // Nothing follows the last answer but the close.
            let rest = connection.readUntilEnd()
            #expect(rest.bytes.isEmpty && rest.ending == .closed)
        }
    }
}
