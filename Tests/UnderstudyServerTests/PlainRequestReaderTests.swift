import NIOCore
import NIOHTTP1
import Testing
import UnderstudyCore
import UnderstudyFixtures

@testable import UnderstudyServer

/// What counts as a plain request, and that a plain request is read to the very head NIO's
/// decoder reads from the same bytes.
@Suite("Plain request reader")
struct PlainRequestReaderTests {
    static let reader = PlainRequestReader(maximumHeadLength: 1024, maximumFieldCount: 8)
    static let yelpSearch = "GET /v3/businesses/search?location=San%20Francisco,%20CA&limit=20 HTTP/1.1\r\n"
        + "Host: api.yelp.com\r\nAuthorization: Bearer FAKE-key\r\nAccept: */*\r\n\r\n"

    static func reading(_ text: String, reader: PlainRequestReader = reader) -> PlainRequestReader.Reading {
        Array(text.utf8).withUnsafeBytes { reader.read($0) }
    }

    @Test func aClientsGETIsReadWithItsHeadersInOrder() throws {
        guard case .request(let head, let length) = Self.reading(Self.yelpSearch + "GET /next") else {
            Issue.record("not read as plain")
            return
        }
        #expect(length == Self.yelpSearch.utf8.count)
        #expect(head.method == .GET)
        #expect(head.uri == "/v3/businesses/search?location=San%20Francisco,%20CA&limit=20")
        #expect(head.version == .http1_1)
        #expect(head.isKeepAlive)
        #expect(head.headers.map { "\($0.name)=\($0.value)" } == ["Host=api.yelp.com", "Authorization=Bearer FAKE-key", "Accept=*/*"])
    }

    @Test func headAndKeptAliveHTTP10AreRead() {
        guard case .request(let head, _) = Self.reading("HEAD /a HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n") else {
            Issue.record("not read as plain")
            return
        }
        #expect(head.method == .HEAD)
        #expect(head.version == .http1_0)
        #expect(head.isKeepAlive)
    }

    @Test(arguments: [
        "POST /a HTTP/1.1\r\nContent-Length: 2\r\n\r\nab",
        "GET /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "GET /a HTTP/1.1\r\ncontent-length: 0\r\n\r\n",
        "GET /a HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET /a HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
        "GET /a HTTP/1.1\r\nProxy-Connection: keep-alive\r\n\r\n",
        "GET /a HTTP/1.0\r\n\r\n",
        "GET http://example.com/a HTTP/1.1\r\n\r\n",
        "GET /a#b HTTP/1.1\r\n\r\n",
        "GET /caf\u{e9} HTTP/1.1\r\n\r\n",
        "get /a HTTP/1.1\r\n\r\n",
        "GET /a HTTP/2.0\r\n\r\n",
        "GET  /a HTTP/1.1\r\n\r\n",
        "\r\nGET /a HTTP/1.1\r\n\r\n",
        "GET /a HTTP/1.1\nHost: x\n\n",
        "GET /a HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost:\tx\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x \r\n\r\n",
        "GET /a HTTP/1.1\r\nHost:\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET /a HTTP/1.1\r\nX-Name: caf\u{e9}\r\n\r\n",
        "GET /a HTTP/1.1\r\n: x\r\n\r\n",
    ])
    func whatIsNotPlainIsLeftToNIO(_ text: String) {
        #expect(Self.reading(text) == .notPlain)
    }

    @Test func theCharacterClassesAreTheirRFCLists() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        let token = Set((letters + "!#$%&'*+-.^_`|~").utf8)
        let target = Set((letters + "-._~!$&'()*+,;=:@/?%").utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(PlainBytes.isToken(byte) == token.contains(byte), "\(byte)")
            #expect(PlainBytes.isTarget(byte) == target.contains(byte), "\(byte)")
            #expect(PlainBytes.isVisible(byte) == (0x21...0x7E).contains(byte), "\(byte)")
        }
    }

    @Test func everyBeginningOfAPlainRequestWaitsForTheRest() {
        let bytes = Array(Self.yelpSearch.utf8)
        for count in 0..<bytes.count {
            let reading = bytes[..<count].withUnsafeBytes { Self.reader.read($0) }
            #expect(reading == .incomplete, "after \(count) bytes")
        }
    }

    @Test func headsPastTheLimitsAreNotPlain() {
        let long = "GET /\(String(repeating: "a", count: 100)) HTTP/1.1\r\n\r\n"
        #expect(Self.reading(long, reader: PlainRequestReader(maximumHeadLength: 200, maximumFieldCount: 8)) != .notPlain)
        #expect(Self.reading(long, reader: PlainRequestReader(maximumHeadLength: 100, maximumFieldCount: 8)) == .notPlain)
        // An unfinished head as long as the limit will not become plain.
        #expect(Self.reading(String(long.prefix(100)), reader: PlainRequestReader(maximumHeadLength: 100, maximumFieldCount: 8)) == .notPlain)
        let fields = "GET / HTTP/1.1\r\n" + String(repeating: "A: b\r\n", count: 3) + "\r\n"
        #expect(Self.reading(fields, reader: PlainRequestReader(maximumHeadLength: 1024, maximumFieldCount: 3)) != .notPlain)
        #expect(Self.reading(fields, reader: PlainRequestReader(maximumHeadLength: 1024, maximumFieldCount: 2)) == .notPlain)
    }

    /// Every byte value at every position of a plain request, in place of the byte there and
    /// inserted before it: whatever the reader reads as plain, NIO's decoder reads to the same
    /// head; whatever it waits on, NIO waits on too, without an error.
    @Test func everyOneByteChangeIsReadAsNIOReadsIt() throws {
        let base = Array("GET /a?b=c%20d,e HTTP/1.1\r\nHost: h\r\nX-Key: Bearer k-1\r\nConnection: keep-alive\r\n\r\n".utf8)
        var readAsPlain = 0
        for position in 0...base.count {
            for value in UInt8.min...UInt8.max {
                var inserted = base
                inserted.insert(value, at: position)
                var candidates = [inserted]
                if position < base.count, base[position] != value {
                    var replaced = base
                    replaced[position] = value
                    candidates.append(replaced)
                }
                for bytes in candidates {
                    switch bytes.withUnsafeBytes({ Self.reader.read($0) }) {
                    case .request(let head, let length):
                        readAsPlain += 1
                        let nio = try RequestDecoding.lines([bytes], plain: false)
                        #expect(nio.first == RequestDecoding.line(for: head), "\(String(decoding: bytes, as: UTF8.self))")
                        #expect(nio.dropFirst().first == "end")
                        #expect(length <= bytes.count)
                    case .incomplete:
                        let nio = try RequestDecoding.lines([bytes], plain: false)
                        #expect(nio.isEmpty, "\(String(decoding: bytes, as: UTF8.self))")
                    case .notPlain:
                        break
                    }
                }
            }
        }
        // Changes in the target, the names and the values stay plain.
        #expect(readAsPlain > 1000)
    }
}
