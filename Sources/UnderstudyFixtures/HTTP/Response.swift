import Foundation
import UnderstudyJSON
import UnderstudySupport

/// An HTTP response produced by the responder; the transport adds framing (Content-Length,
/// Connection) and nothing else.
public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields, in order.
    public var headers: [HeaderField] {
        get { replacements.isEmpty ? ownHeaders : HeaderReplacement.merged(ownHeaders, replacements) }
        set {
            ownHeaders = newValue
            replacements = []
        }
    }
    /// The fields before `replacements` apply: usually the fixture's own list, shared with it.
    package private(set) var ownHeaders: [HeaderField]
    /// Fields that replace any of `ownHeaders` with their names and follow the others (the
    /// rate-limit headers): kept apart so that adding them to a fixture's answer, on every
    /// counted request, copies no list. The transport writes both as `headers` would list them.
    package private(set) var replacements: [HeaderField] = []
    /// The body bytes. For an answer whose body was left in its file (`fileBody`), reading
    /// this reads the file; setting it replaces the file with the bytes.
    public var body: [UInt8] {
        get { fileBody?.read() ?? bytes }
        set {
            bytes = newValue
            fileBody = nil
        }
    }
    private var bytes: [UInt8]
    /// The body, left in its file for the transport to send from it; `nil` for a body in memory.
    /// Only `Responder.decision(for:sendingFiles:memo:)` gives such answers.
    package private(set) var fileBody: FileBody?
    /// A fault the transport must play instead of sending this response as it is.
    public var fault: Fault?
    /// Seconds (on the server's clock) to wait before sending.
    public var delay: TimeInterval
    /// Send the body in chunks over a duration, after the delay.
    public var dribble: Dribble?

    public init(status: Int, headers: [HeaderField] = [], body: [UInt8] = [], fault: Fault? = nil, delay: TimeInterval = 0, dribble: Dribble? = nil) {
        self.status = status
        self.ownHeaders = headers
        self.bytes = body
        self.fault = fault
        self.delay = delay
        self.dribble = dribble
    }

    /// A response whose body stays in its file until the transport sends it.
    package init(status: Int, headers: [HeaderField], fileBody: FileBody, fault: Fault?) {
        self.init(status: status, headers: headers, fault: fault)
        self.fileBody = fileBody
    }

    /// How many bytes the body holds, without reading a body left in its file.
    package var bodyCount: Int { fileBody?.count ?? bytes.count }

    /// A JSON response. Understudy's own answers (misses, the admin API) are pretty-printed:
    /// people read them in a terminal or a failure message more often than programs do.
    package static func json(_ value: JSONValue, status: Int = 200, headers: [HeaderField] = [], style: JSONWriter.Style = .pretty) -> Response {
        Response(
            status: status, headers: [HeaderField(name: "Content-Type", value: "application/json")] + headers,
            body: JSONWriter.bytes(value, style: style))
    }

    /// The first value of header `name` (case-insensitive).
    public func headerValue(_ name: String) -> String? {
        headers.first { $0.hasName(name) }?.value
    }

    /// Replaces the fields named as any of `fields` (in any ASCII case) with `fields`, after
    /// the others.
    package mutating func replaceHeaders(with fields: [HeaderField]) {
        guard !fields.isEmpty else { return }
        if !replacements.isEmpty { ownHeaders = headers }
        replacements = fields
    }
}
