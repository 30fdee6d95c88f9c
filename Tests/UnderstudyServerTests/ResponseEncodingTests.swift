import NIOCore
import NIOHTTP1
import Testing
import UnderstudyCore
import UnderstudyTesting

@testable import UnderstudyServer

/// The bytes of an answer: status line, the fixture's headers in order (minus the framing the
/// server owns and any field that would split the head), the server's framing, the body.
@Suite("Response encoding")
struct ResponseEncodingTests {
    let response = Response(
        status: 201,
        headers: [
            HeaderField(name: "Content-Type", value: "application/json"),
            HeaderField(name: "content-length", value: "999"),
            HeaderField(name: "X-Split", value: "a\r\nInjected: yes"),
            HeaderField(name: "Transfer-Encoding", value: "chunked"),
            HeaderField(name: "Connection", value: "keep-alive"),
            HeaderField(name: "X-Ratelimit-Remaining", value: "4999"),
        ],
        body: Array(#"{"ok":true}"#.utf8))

    private func text(_ buffer: ByteBuffer) -> String { String(buffer: buffer) }

    @Test func anAnswerIsItsHeadAndBodyInOneBuffer() {
        let bytes = ResponseEncoding.encode(response, version: .http1_1, closing: false, omitBody: false, allocator: ByteBufferAllocator())
        #expect(text(bytes) == "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-Ratelimit-Remaining: 4999\r\nContent-Length: 11\r\n\r\n{\"ok\":true}")
    }

    @Test func closingHTTP10AndHeadAnswers() {
        let closing = ResponseEncoding.encode(response, version: .http1_0, closing: true, omitBody: true, allocator: ByteBufferAllocator())
        #expect(text(closing) == "HTTP/1.0 201 Created\r\nContent-Type: application/json\r\nX-Ratelimit-Remaining: 4999\r\nContent-Length: 11\r\nConnection: close\r\n\r\n")
    }

    @Test func chunkedFramingLeavesTheBodyToTheCaller() {
        let chunked = ResponseEncoding.encode(response, version: .http1_1, closing: false, omitBody: false, allocator: ByteBufferAllocator(), framing: .chunked)
        #expect(text(chunked) == "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-Ratelimit-Remaining: 4999\r\nTransfer-Encoding: chunked\r\n\r\n")
    }

    /// A fixture answer's headers are encoded once (`HeaderBlock`); the head must be the one
    /// the fields give, for the hostile fields above and for every bundled fixture answer.
    @Test func aHeaderBlockGivesTheSameHeadAsItsFields() throws {
        var answers = [response]
        for fixture in try FixtureLoader.load(from: RecordingServerTests.bundledFixtures) {
            answers += fixture.responses.map { Response(status: $0.status, headers: $0.headers, body: [1, 2, 3]) }
        }
        #expect(answers.count > 20)
        for answer in answers {
            var withBlock = answer
            withBlock.headerBlock = HeaderBlock(answer.headers)
            for (version, closing, omitBody) in [(HTTPVersion.http1_1, false, false), (.http1_0, true, true)] {
                let fromFields = ResponseEncoding.encode(answer, version: version, closing: closing, omitBody: omitBody, allocator: ByteBufferAllocator())
                let fromBlock = ResponseEncoding.encode(withBlock, version: version, closing: closing, omitBody: omitBody, allocator: ByteBufferAllocator())
                #expect(text(fromBlock) == text(fromFields))
            }
        }
        #expect(String(decoding: HeaderBlock(response.headers).bytes, as: UTF8.self) == "Content-Type: application/json\r\nX-Ratelimit-Remaining: 4999\r\n")
    }

    @Test func aFixtureAnswerCarriesItsHeaderBlockUnlessItsHeadersChange() throws {
        let tree = try FixtureTree([
            "feed/p.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/p"}, "response": {"headers": {"X-A": "1"}, "json": {}}}"#,
            "feed/t.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/t"}, "response": {"template": true, "headers": {"X-A": "{{request.query.q}}"}, "json": {}}}"#,
        ])
        defer { tree.remove() }
        let responder = Responder(fixtures: try tree.load())
        let plain = try #require(responder.respondNow(to: Request(method: "GET", target: "/p")))
        #expect(plain.headerBlock.map { String(decoding: $0.bytes, as: UTF8.self) } == "X-A: 1\r\nContent-Type: application/json\r\n")
        let templated = try #require(responder.respondNow(to: Request(method: "GET", target: "/t?q=2")))
        #expect(templated.headerBlock == nil && templated.headerValue("X-A") == "2")
    }

    @Test func changingTheHeadersDropsTheBlock() {
        var answer = response
        answer.headerBlock = HeaderBlock(answer.headers)
        answer.headers[0].value = "text/plain"
        #expect(answer.headerBlock == nil)
        let bytes = ResponseEncoding.encode(answer, version: .http1_1, closing: false, omitBody: true, allocator: ByteBufferAllocator())
        #expect(text(bytes).hasPrefix("HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\n"))
    }

    @Test func manyLongHeadersAndAnUnknownStatusFit() {
        let fields = (0..<300).map { HeaderField(name: "X-Field-\($0)", value: String(repeating: "v", count: $0)) }
        let bytes = ResponseEncoding.encode(Response(status: 599, headers: fields, body: []), version: .http1_1, closing: true, omitBody: false, allocator: ByteBufferAllocator())
        let expected = "HTTP/1.1 599 \(HTTPResponseStatus(statusCode: 599).reasonPhrase)\r\n" + fields.map { "\($0.name): \($0.value)\r\n" }.joined()
            + "Content-Length: 0\r\nConnection: close\r\n\r\n"
        #expect(text(bytes) == expected)
    }
}
