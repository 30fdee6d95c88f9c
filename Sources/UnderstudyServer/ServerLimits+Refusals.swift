import NIOCore
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

extension ServerLimits {
    /// The server's own answer to a request past a limit or that cannot be read: the same
    /// answer over a socket and in process. 413 is JSON like Understudy's other answers; the
    /// others are plain text, since the request was never understood.
    package func refusal(_ status: Int) -> Response {
        let text: String
        switch status {
        case 413:
            return .json(["understudy": ["error": .string("request body larger than \(maximumBodySize) bytes")]], status: 413)
        case 408: text = "no complete request within \(requestTimeout.nanoseconds / 1_000_000) ms"
        case 431: text = "request headers larger than \(maximumHeaderSize) bytes or more than \(maximumHeaderCount) fields"
        case 503:
            text = "the server has \(maximumConnections) connections open, its limit; close one and retry"
            return Response(status: 503, headers: [plainText, HeaderField(name: "Retry-After", value: "1")], body: Array(text.utf8))
        default: text = "the request could not be parsed as HTTP/1.1"
        }
        return Response(status: status, headers: [plainText], body: Array(text.utf8))
    }

    private var plainText: HeaderField { HeaderField(name: "Content-Type", value: "text/plain; charset=utf-8") }

    /// The refusal a request with these headers and body size gets before the responder sees
    /// it, if any. Over a socket NIO's parser applies the header limits as it reads; in process
    /// this is where they apply.
    package func refusal(headers: [HeaderField], bodySize: Int) -> Response? {
        let headerBytes = headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if headers.count > maximumHeaderCount || headerBytes > maximumHeaderSize { return refusal(431) }
        if bodySize > maximumBodySize { return refusal(413) }
        return nil
    }
}
