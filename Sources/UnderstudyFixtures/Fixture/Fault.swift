import UnderstudySupport
/// A way for a response to go wrong at the socket, so an app's handling of a bad network can
/// be tested on purpose. In a fixture: `"response": {"fault": "reset"}`.
///
/// Which `URLError` each one gives is in `docs/faults.md`, measured by the tests.
public enum Fault: String, Sendable, Hashable, CaseIterable {
    /// The connection is reset (TCP RST) instead of answered.
    case reset
    /// The connection is closed without a byte of answer.
    case empty
    /// The headers promise a body (`Content-Length`) and only half of it arrives before the close.
    case shortBody = "short-body"
    /// A chunked answer whose chunk size line is not hexadecimal, then the close.
    case malformedChunk = "malformed-chunk"
    /// Bytes that are not HTTP at all, then the close.
    case garbage
    /// No answer at all: the connection stays open until the client gives up.
    case noAnswer = "no-answer"
}
