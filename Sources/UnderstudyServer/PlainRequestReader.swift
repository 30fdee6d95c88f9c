import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures

/// Reads a plain request from the start of a connection's bytes: a `GET` or `HEAD` in
/// origin form, HTTP/1.1 or 1.0, kept alive, no body, with headers of plain characters only.
/// Most requests a client makes are plain, and reading them here costs a fraction of NIO's
/// decoder (llhttp's callbacks, the decoder's buffering, three pipeline events per request).
///
/// Whatever is not plain is NIO's to read, so every answer to a malformed, unusual or
/// bodied request stays NIO's. The grammar accepted here is a strict subset of what NIO's
/// `HTTPRequestDecoder` accepts, read to the same head (`PlainRequestReaderTests` checks
/// both on the same bytes): a byte outside the subset, as soon as it arrives, makes the
/// bytes not plain, so a prefix still called incomplete is one NIO would also wait on.
struct PlainRequestReader {
    /// The most bytes a plain head may take, request line included. NIO counts fewer of the
    /// same bytes against its limits (the target, names and values), so a head within this
    /// never overflows there either.
    let maximumHeadLength: Int
    /// The most header fields a plain head may have.
    let maximumFieldCount: Int

    enum Reading: Equatable {
        /// A whole plain request, the first `length` bytes.
        case request(RequestHead, length: Int)
        /// A plain request's beginning so far; the rest has not arrived.
        case incomplete
        /// Not a plain request (or past the limits): for NIO's decoder to read.
        case notPlain
    }

    func read(_ bytes: UnsafeRawBufferPointer) -> Reading {
        var scanner = PlainHeadScanner(bytes: bytes, limit: min(bytes.count, maximumHeadLength))
        let reading = scanner.scan(maximumFieldCount: maximumFieldCount)
        if case .incomplete = reading, bytes.count >= maximumHeadLength { return .notPlain }
        return reading
    }
}

/// One pass over a plain head's bytes; see `PlainRequestReader`.
private struct PlainHeadScanner {
    let bytes: UnsafeRawBufferPointer
    /// How far the scan may look: the bytes there are, or the head's limit.
    let limit: Int
    var at = 0

    init(bytes: UnsafeRawBufferPointer, limit: Int) {
        self.bytes = bytes
        self.limit = limit
    }

    /// What a step found when it could not go on.
    private enum Stop: Error {
        case incomplete, notPlain
    }

    mutating func scan(maximumFieldCount: Int) -> PlainRequestReader.Reading {
        do throws(Stop) {
            let method: HTTPMethod
            if try expect("GET ") { method = .GET } else if try expect("HEAD ") { method = .HEAD } else { throw .notPlain }
            let target = try scanTarget()
            let version: HTTPVersion
            if try expect("HTTP/1.1\r\n") { version = .http1_1 } else if try expect("HTTP/1.0\r\n") { version = .http1_0 } else { throw .notPlain }
            var fields: [HeaderField] = []
            fields.reserveCapacity(8)  // one allocation for what clients send; growing from empty took four
            var keptAlive = version == .http1_1
            while try !expect("\r\n") {
                guard fields.count < maximumFieldCount else { throw Stop.notPlain }
                let (name, value) = try scanField()
                switch PlainFieldName(name) {
                case .framing: throw Stop.notPlain
                case .connection:
                    // Only the token that keeps the connection alive: closing and upgrading are NIO's.
                    guard PlainFieldName.isKeepAlive(value) else { throw Stop.notPlain }
                    keptAlive = true
                case .other: break
                }
                fields.append(HeaderField(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
            }
            guard keptAlive else { throw Stop.notPlain }
            let head = RequestHead(
                method: method, uri: String(decoding: target, as: UTF8.self), version: version, headers: fields, isKeepAlive: true)
            return .request(head, length: at)
        } catch {
            return error == .incomplete ? .incomplete : .notPlain
        }
    }

    /// Steps over `literal` when the bytes start with it here; false when they differ;
    /// incomplete when they agree as far as they go.
    private mutating func expect(_ literal: StaticString) throws(Stop) -> Bool {
        let count = literal.utf8CodeUnitCount
        let available = min(count, limit - at)
        let literalBytes = UnsafeRawBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<available where bytes[at + offset] != literalBytes[offset] { return false }
        guard available == count else { throw .incomplete }
        at += count
        return true
    }

    /// The origin-form target, up to the space before the version.
    private mutating func scanTarget() throws(Stop) -> UnsafeRawBufferPointer {
        let start = at
        guard at < limit else { throw .incomplete }
        guard bytes[at] == UInt8(ascii: "/") else { throw .notPlain }
        while at < limit {
            let byte = bytes[at]
            if byte == UInt8(ascii: " ") {
                defer { at += 1 }
                return UnsafeRawBufferPointer(rebasing: bytes[start..<at])
            }
            guard PlainBytes.isTarget(byte) else { throw .notPlain }
            at += 1
        }
        throw .incomplete
    }

    /// One `name: value` line: a token, a colon, spaces, then visible characters with single
    /// spaces between them, ending in CRLF.
    private mutating func scanField() throws(Stop) -> (name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        let nameStart = at
        while at < limit, PlainBytes.isToken(bytes[at]) { at += 1 }
        guard at < limit else { throw .incomplete }
        guard at > nameStart, bytes[at] == UInt8(ascii: ":") else { throw .notPlain }
        let name = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<at])
        at += 1
        while at < limit, bytes[at] == UInt8(ascii: " ") { at += 1 }
        let valueStart = at
        while at < limit {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\r") {
                // No empty value and no trailing space: how NIO reads those is its own business
                // (and `RequestHead` trims what it leaves). So a plain value, its leading spaces
                // skipped above and no tab allowed, has no optional whitespace to trim.
                guard at > valueStart, bytes[at - 1] != UInt8(ascii: " ") else { throw .notPlain }
                let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<at])
                at += 1
                guard at < limit else { throw .incomplete }
                guard bytes[at] == UInt8(ascii: "\n") else { throw .notPlain }
                at += 1
                return (name, value)
            }
            guard PlainBytes.isVisible(byte) || (byte == UInt8(ascii: " ") && at > valueStart) else { throw .notPlain }
            at += 1
        }
        throw .incomplete
    }
}

/// The header names a plain request treats apart.
private enum PlainFieldName {
    /// Fields that frame a body or change the connection's protocol.
    case framing
    case connection
    case other

    init(_ name: UnsafeRawBufferPointer) {
        if Self.equalsIgnoringCase(name, "connection") {
            self = .connection
        } else if Self.equalsIgnoringCase(name, "content-length") || Self.equalsIgnoringCase(name, "transfer-encoding")
            || Self.equalsIgnoringCase(name, "upgrade") || Self.equalsIgnoringCase(name, "proxy-connection") {
            // llhttp reads `Proxy-Connection` as `Connection`.
            self = .framing
        } else {
            self = .other
        }
    }

    static func isKeepAlive(_ value: UnsafeRawBufferPointer) -> Bool {
        equalsIgnoringCase(value, "keep-alive")
    }

    /// ASCII case-insensitive equality with a lowercase literal.
    private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: bytes.count)
        for index in 0..<bytes.count where bytes[index] | 0x20 != literal[index] | 0x20 { return false }
        return true
    }
}

/// Character classes of a plain head, narrower than HTTP's where NIO's reading could differ.
/// Each class is a bit set over ASCII, read with one shift per byte: the scan looks at every
/// byte of every request.
enum PlainBytes {
    /// `tchar` of RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isToken(_ byte: UInt8) -> Bool {
        isIn(byte, low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE)
    }

    /// The unreserved and reserved characters of RFC 3986 and `%`, less `#` (a fragment) and
    /// the brackets: letters, digits and `-._~!$&'()*+,;=:@/?%`.
    static func isTarget(_ byte: UInt8) -> Bool {
        isIn(byte, low: 0xAFFF_FFF2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    }

    /// Visible ASCII (`VCHAR`).
    static func isVisible(_ byte: UInt8) -> Bool {
        byte >= 0x21 && byte <= 0x7E
    }

    /// Whether `byte` is in the set whose bits for 0-63 are `low` and for 64-127 `high`.
    private static func isIn(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        byte < 64 ? (low >> byte) & 1 == 1 : byte < 128 && (high >> (byte & 63)) & 1 == 1
    }
}
