import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures

/// A request's head as a connection uses it: what the responder is asked with (method,
/// target, header fields) and what the connection's rules read (version, keep-alive).
/// `PlainRequestDecoder` makes it straight from the bytes; a head NIO's decoder read is
/// turned into one by `NIORequestParts`.
struct RequestHead: Equatable {
    let method: HTTPMethod
    /// The request target as sent.
    let uri: String
    let version: HTTPVersion
    /// The header fields in the order received.
    let headers: [HeaderField]
    /// Whether the connection stays open after the answer, as the client asked.
    let isKeepAlive: Bool
}

/// One part of a request, as `RequestHandler` reads it.
enum RequestPart: Equatable {
    case head(RequestHead)
    case body(ByteBuffer)
    /// The request is complete (trailers, which no fixture reads, are dropped).
    case end
}

/// What reads requests' parts behind `PlainRequestDecoder`. The decoder hands it each plain
/// request by a call rather than as pipeline events: an event boxes the head into `NIOAny` and
/// casts it back, two events per request. Parts NIO's decoder read come as events, to
/// `channelRead`, which passes them to the same `received`.
protocol RequestPartReceiver: ChannelInboundHandler where InboundIn == RequestPart {
    func received(_ part: RequestPart, context: ChannelHandlerContext)
}

extension RequestHead {
    /// The head NIO's decoder read, keep-alive as llhttp judged it. llhttp leaves the trailing
    /// whitespace of a value in it (`X-Variant: a `), which the RFC excludes: trimmed here.
    init(_ head: HTTPRequestHead) {
        var fields: [HeaderField] = []
        fields.reserveCapacity(head.headers.count)
        for (name, value) in head.headers { fields.append(HeaderField(receivedName: name, value: value)) }
        self.init(method: head.method, uri: head.uri, version: head.version, headers: fields, isKeepAlive: head.isKeepAlive)
    }
}
