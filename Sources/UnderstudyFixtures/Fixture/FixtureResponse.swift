import UnderstudySupport
/// One answer of a fixture.
package struct FixtureResponse: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// Header fields sorted by name (JSON objects are unordered); a repeated header is several
    /// fields in the order of its array. A default `Content-Type` comes last.
    public let headers: [HeaderField]
    /// Where the body comes from.
    public let body: ResponseBody
    /// A fault to play instead of a well-formed answer; `status`, `headers` and `body` then
    /// shape what little is sent (the head of a short body, say).
    public let fault: Fault?
    /// For `"template": true`: the body and header values to render per request.
    package let template: ResponseTemplate?
    /// How long to wait before answering; `nil` for the server's default.
    public let delay: Delay?
    /// Send the body in chunks over a duration.
    public let dribble: Dribble?
}

extension FixtureResponse {
    /// Whether the body is a file beside the fixture.
    package var isInFile: Bool {
        if case .file = body { return true }
        return false
    }
}

/// A response body: bytes held in memory, or a file beside the fixture read when served.
package enum ResponseBody: Sendable {
    /// The bytes, e.g. from `json`, `text` or `base64` in the fixture.
    case bytes([UInt8])
    /// A file beside the fixture, read through the responder's body store when served.
    case file(BodyFile)
}
