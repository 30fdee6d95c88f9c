import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
import UnderstudyCore
import UnderstudySupport
import UnderstudyTesting

@testable import UnderstudyServer

/// The server's first handler passes on exactly what NIO's decoder alone passed on, for the
/// same bytes arriving in the same pieces: plain requests, requests it hands to NIO, the two
/// mixed on one connection, malformed bytes, limits, and the client's side ending mid-request.
@Suite("Plain request decoder")
struct PlainRequestDecoderTests {
    /// Requests of every kind the decoder tells apart.
    static let requests: [String] = [
        "GET /v3/businesses/search?location=NYC&limit=20 HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer k\r\n\r\n",
        "HEAD /a HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "GET /a HTTP/1.0\r\n\r\n",
        "GET /a HTTP/1.1\r\nConnection: close\r\n\r\n",
        "POST /graph HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello",
        "PUT /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nT: v\r\n\r\n",
        "GET /a HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab",
        "GET /caf\u{e9}?q=\u{1F600} HTTP/1.1\r\nX: caf\u{e9}\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost:\tx \r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x \r\n\r\n",
        "GET /a HTTP/1.1\r\nProxy-Connection: close\r\n\r\n",
        "GET /a HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
        "\r\nGET /after-an-empty-line HTTP/1.1\r\n\r\n",
        "GARBAGE\r\n\r\n",
        "GET /a HTTP/9.9\r\n\r\n",
        "GET /a HTTP/1.1\r\n: no-name\r\n\r\n",
    ]

    static func bytes(_ texts: String...) -> [UInt8] {
        Array(texts.joined().utf8)
    }

    static func expectSame(_ chunks: [[UInt8]], ending: RequestDecoding.Ending, limits: NIOHTTPDecoderLimitConfiguration = RequestDecoding.standardLimits) throws {
        let plain = try RequestDecoding.lines(chunks, ending: ending, plain: true, limits: limits)
        let nio = try RequestDecoding.lines(chunks, ending: ending, plain: false, limits: limits)
        #expect(plain == nio, "\(chunks.map { String(decoding: $0, as: UTF8.self) }) then \(ending)")
    }

    @Test func plainRequestsReachTheHandlerAsNIOPassedThem() throws {
        let lines = try RequestDecoding.lines([Self.bytes(Self.requests[0], Self.requests[1])], plain: true)
        #expect(lines == [
            "head GET /v3/businesses/search?location=NYC&limit=20 HTTP/1.1 keepAlive=true [Host: h | Authorization: Bearer k]",
            "end",
            "head HEAD /a HTTP/1.1 keepAlive=true [Host: h]",
            "end",
            "inactive",
        ])
    }

    /// A receiver that is not in the pipeline is not called: the parts go on as events.
    @Test func withoutItsReceiverTheDecoderPassesEvents() throws {
        let channel = EmbeddedChannel()
        let absent = RequestPartsRecorder(), behind = RequestPartsRecorder()
        try channel.pipeline.syncOperations.addHandler(PlainRequestDecoder(decoderLimits: RequestDecoding.standardLimits, receiver: absent))
        try channel.pipeline.syncOperations.addHandler(behind)
        try channel.writeInbound(channel.allocator.buffer(bytes: Self.bytes(Self.requests[1])))
        #expect(absent.lines.isEmpty)
        #expect(behind.lines == ["head HEAD /a HTTP/1.1 keepAlive=true [Host: h]", "end"])
    }

    /// Every request alone and after a plain one, cut in two at every byte, with every ending.
    @Test func everyRequestCutAnywhereIsPassedOnAsNIOPassedIt() throws {
        for request in Self.requests {
            for bytes in [Self.bytes(request), Self.bytes(Self.requests[0], request)] {
                for cut in 0...bytes.count {
                    for ending in RequestDecoding.Ending.allCases {
                        try Self.expectSame(RequestDecoding.chunks(bytes, cutAt: [cut]), ending: ending)
                    }
                }
            }
        }
    }

    /// Runs of three requests of any kind, cut at random places (the same every run).
    @Test func mixedRunsArePassedOnAsNIOPassedThem() throws {
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<400 {
            let texts = (0..<3).map { _ in Self.requests.randomElement(using: &generator)! }
            let bytes = Self.bytes(texts[0], texts[1], texts[2])
            let cuts = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
            try Self.expectSame(RequestDecoding.chunks(bytes, cutAt: cuts), ending: RequestDecoding.Ending.allCases.randomElement(using: &generator)!)
        }
    }

    /// Pipelined requests whose reads never end where a request ends: what the decoder keeps
    /// between reads stays the size of one request, however many have gone by.
    @Test func whatIsKeptBetweenReadsDoesNotGrowWithTheConnection() throws {
        let (channel, decoder, recorder) = try RequestDecoding.plainChannel()
        let requests = Self.bytes(String(repeating: Self.requests[0], count: 2000))
        var largest = 0
        for start in stride(from: 0, to: requests.count, by: 1000) {
            try channel.writeInbound(channel.allocator.buffer(bytes: requests[start..<min(start + 1000, requests.count)]))
            largest = max(largest, decoder.pendingCapacity)
        }
        #expect(recorder.lines.filter { $0.hasPrefix("head ") }.count == 2000)
        #expect(largest <= 4096, "kept \(largest) bytes between reads")
    }

    /// A head longer than what is kept between reads, arriving a byte at a time, is handed to
    /// NIO (which does not scan it again at every byte) and read as NIO reads it.
    @Test func aLongHeadArrivingByteByByteGoesToNIO() throws {
        let bytes = Self.bytes("GET /long HTTP/1.1\r\nX-Long: \(String(repeating: "v", count: 6000))\r\n\r\n", Self.requests[1])
        let (channel, decoder, recorder) = try RequestDecoding.plainChannel()
        for byte in bytes { try channel.writeInbound(channel.allocator.buffer(bytes: [byte])) }
        #expect(decoder.isHandedOver)
        #expect(recorder.lines.filter { $0.hasPrefix("head ") }.count == 2)
        try Self.expectSame(bytes.map { [$0] }, ending: .open)
        // The same head in one read is still plain.
        #expect(try RequestDecoding.lines([bytes], plain: true) == RequestDecoding.lines([bytes], plain: false))
    }

    @Test func aPlainRequestArrivingByteByByteIsReadOnce() throws {
        let bytes = Self.bytes(Self.requests[0])
        let lines = try RequestDecoding.lines(bytes.map { [$0] }, plain: true)
        #expect(lines.filter { $0.hasPrefix("head ") }.count == 1)
        try Self.expectSame(bytes.map { [$0] }, ending: .inputClosed)
    }

    /// Heads at and past small limits: what NIO refuses, it refuses at the same point.
    @Test func headsNearTheLimitsArePassedOnAsNIOPassedThem() throws {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderListSize = 64
        limits.maxHeaderFieldSize = 64
        limits.maxHeaderFieldCount = 3
        for length in 40...90 {
            let target = "/" + String(repeating: "a", count: length - 30)
            let bytes = Self.bytes("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n", Self.requests[1])
            try Self.expectSame([bytes], ending: .open, limits: limits)
            try Self.expectSame(bytes.map { [$0] }, ending: .closed, limits: limits)
        }
        for count in 1...5 {
            let bytes = Self.bytes("GET / HTTP/1.1\r\n", String(repeating: "A: b\r\n", count: count), "\r\n")
            try Self.expectSame([bytes], ending: .open, limits: limits)
        }
    }

    /// Over a real socket: plain requests, a POST that NIO reads, then plain requests again,
    /// all answered in order on one connection.
    @Test func aConnectionHandedToNIOMidwayIsAnsweredInOrder() async throws {
        let tree = try FixtureTree([
            "google/a.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/a"}, "response": {"text": "a"}}"#,
            "google/b.json": #"{"understudy": 1, "request": {"method": "POST", "path": "/b"}, "response": {"text": "b"}}"#,
        ])
        defer { tree.remove() }
        let responder = Responder(fixtures: try tree.load())
        try await LiveServer.withServer(responder: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            let get = RawHTTPConnection.request("GET", "/a")
            try client.send(get + get + RawHTTPConnection.request("POST", "/b", body: "{}") + get)
            let texts = try (0..<4).map { _ in try client.readResponse().text }
            #expect(texts == ["a", "a", "b", "a"])
            #expect(try client.get("/a").text == "a")
            try client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nNOT HTTP\r\n\r\n")
            #expect(try client.readResponse().text == "a")
            #expect(try client.readResponse().status == 400)
        }
    }
}
