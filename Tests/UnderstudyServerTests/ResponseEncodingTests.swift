import Foundation
import NIOCore
import NIOHTTP1
import Testing
import UnderstudyCore
import UnderstudyFixtures
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

    /// A body past the cache is read straight into the answer: the same bytes as the body in
    /// memory; a file edited in place since it was opened is framed around what it has now.
    @Test func aBodyReadIntoItsAnswerIsTheSameBytes() throws {
        let body = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let tree = try FixtureTree([
            "feed/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/a"}, "response": {"file": "a.bin", "headers": {"X-Kind": "file"}}}"#,
        ])
        defer { tree.remove() }
        try tree.write("feed/a.bin", bytes: body)
        let responder = Responder(fixtures: try tree.load(), bodyCacheBytes: 0)
        func answer() throws -> Response {
            responder.respondNow(to: Request(method: "GET", target: "/a"), sendingFiles: true)
        }
        let left = try answer()
        try #require(left.fileBody?.delivery == .readIntoAnswer)
        var inMemory = left
        inMemory.body = body
        for (version, closing, omitBody) in [(HTTPVersion.http1_1, false, false), (.http1_0, true, false), (.http1_1, false, true)] {
            let read = ResponseEncoding.encode(left, version: version, closing: closing, omitBody: omitBody, allocator: ByteBufferAllocator())
            let copied = ResponseEncoding.encode(inMemory, version: version, closing: closing, omitBody: omitBody, allocator: ByteBufferAllocator())
            #expect(read == copied)
        }
        for edit in [Array(body.prefix(3000)), body + [1, 2, 3]] {
            // Rewritten in place (the same file, which the responder opened before).
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: tree.path("feed/a.bin")))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(edit))
            try handle.close()
            let encoded = ResponseEncoding.encode(left, version: .http1_1, closing: false, omitBody: false, allocator: ByteBufferAllocator())
            let bytes = Array(encoded.readableBytesView)
            let headEnd = try #require(bytes.firstRange(of: Array("\r\n\r\n".utf8))).upperBound
            #expect(String(decoding: bytes[..<headEnd], as: UTF8.self) == "HTTP/1.1 200 OK\r\nX-Kind: file\r\nContent-Type: application/octet-stream\r\nContent-Length: \(edit.count)\r\n\r\n")
            #expect(Array(bytes[headEnd...]) == edit)
        }
    }

    @Test func closingHTTP10AndHeadAnswers() {
        let closing = ResponseEncoding.encode(response, version: .http1_0, closing: true, omitBody: true, allocator: ByteBufferAllocator())
        #expect(text(closing) == "HTTP/1.0 201 Created\r\nContent-Type: application/json\r\nX-Ratelimit-Remaining: 4999\r\nContent-Length: 11\r\nConnection: close\r\n\r\n")
    }

    @Test func chunkedFramingLeavesTheBodyToTheCaller() {
        let chunked = ResponseEncoding.encode(response, version: .http1_1, closing: false, omitBody: false, allocator: ByteBufferAllocator(), framing: .chunked)
        #expect(text(chunked) == "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-Ratelimit-Remaining: 4999\r\nTransfer-Encoding: chunked\r\n\r\n")
    }

    @Test func manyLongHeadersAndAnUnknownStatusFit() {
        let fields = (0..<300).map { HeaderField(name: "X-Field-\($0)", value: String(repeating: "v", count: $0)) }
        let bytes = ResponseEncoding.encode(Response(status: 599, headers: fields, body: []), version: .http1_1, closing: true, omitBody: false, allocator: ByteBufferAllocator())
        let expected = "HTTP/1.1 599 \(HTTPResponseStatus(statusCode: 599).reasonPhrase)\r\n" + fields.map { "\($0.name): \($0.value)\r\n" }.joined()
            + "Content-Length: 0\r\nConnection: close\r\n\r\n"
        #expect(text(bytes) == expected)
    }

    /// Rate-limit headers replacing an answer's own are written where `headers` lists them:
    /// the same bytes as the answer with that list as its own fields, framing and line breaks
    /// still dropped from either part.
    @Test func replacedFieldsAreWrittenAsTheHeadersListThem() {
        let replacements: [[HeaderField]] = [
            [HeaderField(name: "x-ratelimit-remaining", value: "17")],
            [HeaderField(name: "RateLimit-DailyLimit", value: "5000"), HeaderField(name: "CONTENT-TYPE", value: "text/plain")],
            [HeaderField(name: "Content-Length", value: "1"), HeaderField(name: "X-New", value: "b\nInjected: yes"), HeaderField(name: "X-Kept", value: "k")],
        ]
        for fields in replacements {
            var replaced = response
            replaced.replaceHeaders(with: fields)
            let listed = Response(status: replaced.status, headers: replaced.headers, body: replaced.body)
            #expect(replaced.replacements == fields)
            for closing in [false, true] {
                let bytes = ResponseEncoding.encode(replaced, version: .http1_1, closing: closing, omitBody: false, allocator: ByteBufferAllocator())
                let expected = ResponseEncoding.encode(listed, version: .http1_1, closing: closing, omitBody: false, allocator: ByteBufferAllocator())
                #expect(text(bytes) == text(expected))
            }
        }
        var replaced = response
        replaced.replaceHeaders(with: [HeaderField(name: "x-ratelimit-remaining", value: "17")])
        let bytes = ResponseEncoding.encode(replaced, version: .http1_1, closing: false, omitBody: false, allocator: ByteBufferAllocator())
        #expect(text(bytes) == "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nx-ratelimit-remaining: 17\r\nContent-Length: 11\r\n\r\n{\"ok\":true}")
    }
}
