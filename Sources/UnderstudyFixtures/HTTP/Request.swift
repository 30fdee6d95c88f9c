import Foundation
import UnderstudySupport

/// One HTTP request as the responder sees it: framing already removed by whoever received it
/// (the NIO server, the in-process transport or a test).
///
/// A value whose members live in one shared, immutable box: a request passes through the
/// responder's decisions and into the journal by many copies, and each copy is then one
/// reference count instead of one per member.
public struct Request: Sendable {
    private let storage: Storage

    /// Whether `other` is this very request (one made once, not an equal one).
    package func isSame(as other: Request) -> Bool { storage === other.storage }

    /// The method, upper-case as sent (`GET`).
    public var method: String { storage.method }
    /// The request target as sent: path and optional query, still percent-encoded.
    public var target: String { storage.target }
    /// Header fields in the order received; names keep their case.
    public var headers: [HeaderField] { storage.headers }
    /// The body bytes (empty for none).
    public var body: [UInt8] { storage.body }

    /// The path, percent-decoded.
    public var path: String { storage.path }
    /// How many segments the path has (for finding templates without splitting the path).
    package var pathSegmentCount: Int { storage.pathSegmentCount }
    /// The decoded path segments, split on demand: only template matching needs them.
    package var pathSegments: [Substring] { RequestPath.segments(of: path) }
    /// The query parameters, decoded, in order.
    package var query: QueryParameters { storage.query }

    /// Whether the client is on this machine; the admin API answers others only with a token.
    public var fromLoopback: Bool { storage.fromLoopback }

    /// Creates a request and decodes its path and query.
    public init(method: String, target: String, headers: [HeaderField] = [], body: [UInt8] = [], fromLoopback: Bool = true) {
        // This runs for every request the server answers: an origin-form target (`/path?query`,
        // nearly all of them) is taken apart in one pass over its bytes.
        if let (path, query) = Self.decodeOriginForm(target) {
            storage = Storage(method: method, target: target, headers: headers, body: body, fromLoopback: fromLoopback, path: path, query: query)
        } else {
            let (path, query) = Self.decodeAnyForm(target)
            storage = Storage(method: method, target: target, headers: headers, body: body, fromLoopback: fromLoopback, path: path, query: query)
        }
    }

    /// The decoded path and query of an origin-form target whose leading `/` is a character of
    /// its own (the next byte is ASCII), so byte positions agree with `decodeAnyForm`'s
    /// character-wise tests; `nil` for any other target.
    package static func decodeOriginForm(_ target: String) -> (path: String, query: QueryParameters)? {
        target.withContiguousUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/"), bytes.count == 1 || bytes[1] < 0x80 else { return nil }
            let questionMark = bytes.firstIndex(of: UInt8(ascii: "?"))
            let path = PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[..<(questionMark ?? bytes.count)]), plusAsSpace: false)
            let query = questionMark.map { QueryParameters(parsing: UnsafeBufferPointer(rebasing: bytes[($0 + 1)...])) } ?? QueryParameters(pairs: [])
            return (path, query)
        }
    }

    /// The decoded path and query of any target, absolute-form (`http://host/path`, what a
    /// proxy-style client sends) included.
    package static func decodeAnyForm(_ target: String) -> (path: String, query: QueryParameters) {
        let utf8 = target.utf8
        let questionMark = utf8.firstIndex(of: UInt8(ascii: "?"))
        var rawPath = Substring(questionMark.map { target[..<$0] } ?? target[...])
        if !rawPath.hasPrefix("/"), let schemeEnd = rawPath.range(of: "://") {
            let afterScheme = rawPath[schemeEnd.upperBound...]
            rawPath = afterScheme.utf8.firstIndex(of: UInt8(ascii: "/")).map { afterScheme[$0...] } ?? "/"
        }
        return (PercentDecoding.decode(rawPath, plusAsSpace: false), QueryParameters(parsing: questionMark.map { target[utf8.index(after: $0)...] } ?? ""))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// A request whose target's decoded `path` and `query` are already known: those of an
    /// earlier request with the same target, byte for byte (`TargetMemo` keeps them).
    package init(method: String, target: String, headers: [HeaderField], body: [UInt8], fromLoopback: Bool, path: String, query: QueryParameters) {
        storage = Storage(method: method, target: target, headers: headers, body: body, fromLoopback: fromLoopback, path: path, query: query)
    }

    /// The same request with another decoded path and query: its form in the contract's terms,
    /// which fixtures are matched against (the target, and so the journal, keep what was sent).
    package func with(path: String, query: QueryParameters, addingHeader added: HeaderField? = nil) -> Request {
        let fields = added.map { self.headers + [$0] } ?? self.headers
        return Request(storage: Storage(method: method, target: target, headers: fields, body: body, fromLoopback: fromLoopback, path: path, query: query))
    }

    /// The same request with another body: its form in the contract's terms (enums named).
    package func with(body: [UInt8]) -> Request {
        Request(storage: Storage(method: method, target: target, headers: headers, body: body, fromLoopback: fromLoopback, path: path, query: query))
    }

    /// All values of header `name` (case-insensitive), in order.
    public func headerValues(_ name: String) -> [String] {
        headers.compactMap { $0.hasName(name) ? $0.value : nil }
    }

    private final class Storage: Sendable {
        package let method: String
        package let target: String
        package let headers: [HeaderField]
        package let body: [UInt8]
        package let fromLoopback: Bool
        package let path: String
        package let pathSegmentCount: Int
        package let query: QueryParameters

        package init(method: String, target: String, headers: [HeaderField], body: [UInt8], fromLoopback: Bool, path: String, query: QueryParameters) {
            self.method = method
            self.target = target
            self.headers = headers
            self.body = body
            self.fromLoopback = fromLoopback
            self.path = path
            pathSegmentCount = RequestPath.segmentCount(of: path)
            self.query = query
        }
    }
}

/// One header field.
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether the field's name is `name`, ignoring ASCII case. Compares the contiguous bytes
    /// without lowercasing a copy: this runs for header conditions and framing on every request.
    public func hasName(_ name: String) -> Bool {
        ASCIIFold.equal(self.name, name)
    }
}

/// Splitting a path into segments the same way for fixtures and requests.
package enum RequestPath {
    /// How many segments `segments(of:)` gives, without making them: the slashes, plus one
    /// when the path does not start with the byte `/` (a path starting `/` and a combining
    /// accent starts with it, though not with the character: counted by characters, such a
    /// path was looked up among templates of one segment more than it has, and matched none).
    package static func segmentCount(of path: String) -> Int {
        path.withContiguousUTF8 { bytes in
            var slashes = 0
            for byte in bytes where byte == UInt8(ascii: "/") { slashes += 1 }
            return bytes.isEmpty || bytes[0] == UInt8(ascii: "/") ? slashes : slashes + 1
        }
    }

    /// Split on the byte `/`, not on characters: a segment that starts with an extending
    /// character (an emoji modifier, a combining accent) joins the slash before it into one
    /// character, which a character split would not see.
    /// The slashes are found in the contiguous bytes: the view's generic `split` walked them
    /// one at a time, and was most of parsing a fixture's path.
    package static func segments(of path: String) -> [Substring] {
        let utf8 = path.utf8
        return path.withContiguousUTF8 { bytes in
            var segments: [Substring] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                // An empty first piece (before a leading slash, or the whole of an empty path) is no segment.
                if index > 0 {
                    segments.append(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: index)]))
                }
                start = index + 1
            }
            return segments
        }
    }
}
