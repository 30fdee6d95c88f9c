import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Turns HTTP/1.1 request parts into one `Request`, asks the responder, and writes the
/// answer. Framing only: every decision about what to answer is the responder's.
///
/// Answers are produced synchronously as each request ends, so pipelined requests are
/// answered in order without a pipelining helper. When the client stops reading and the
/// socket's buffer fills, reading pauses until it drains, so a client cannot make the server
/// queue answers without bound.
final class RequestHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let responder: Responder
    private let maximumBodySize: Int
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var bodyTooLarge = false
    private var closing = false
    private var readPending = false

    init(responder: Responder, maximumBodySize: Int) {
        self.responder = responder
        self.maximumBodySize = maximumBodySize
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.removeAll(keepingCapacity: true)
            bodyTooLarge = false
        case .body(var buffer):
            guard !bodyTooLarge else { return }
            if body.count + buffer.readableBytes > maximumBodySize {
                bodyTooLarge = true
                body.removeAll()
            } else {
                body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let response: Response
            if bodyTooLarge {
                response = Response.json(["understudy": ["error": .string("request body larger than \(maximumBodySize) bytes")]], status: 413)
            } else {
                let request = Request(
                    method: head.method.rawValue, target: head.uri,
                    headers: head.headers.map { HTTPField(name: $0.name, value: $0.value) }, body: body)
                response = responder.respond(to: request)
            }
            if let fault = response.fault {
                closing = true  // nothing more is read from a connection playing a fault
                FaultPlayer.play(fault, response: response, version: head.version, context: context)
                return
            }
            closing = !head.isKeepAlive || bodyTooLarge
            let bytes = ResponseEncoding.encode(
                response, version: head.version, closing: closing, omitBody: head.method == .HEAD, allocator: context.channel.allocator)
            if closing {
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
            } else {
                context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
            }
        }
    }

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            context.read()
        } else {
            readPending = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable && readPending {
            readPending = false
            context.read()
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A request that cannot be parsed gets a 400, then this connection closes; the server
        // goes on. Other errors (resets) just end the connection.
        if error is HTTPParserError, !closing {
            closing = true
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(ResponseEncoding.badRequest(allocator: channel.allocator)))
                .whenComplete { _ in channel.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }
}
