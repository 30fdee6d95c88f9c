import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Turns HTTP/1.1 request parts into one `Request`, asks the responder, and writes the
/// answer. Framing only: every decision about what to answer is the responder's.
final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: Responder
    private let maximumBodySize: Int
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var bodyTooLarge = false

    init(responder: Responder, maximumBodySize: Int) {
        self.responder = responder
        self.maximumBodySize = maximumBodySize
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
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
                response = Response.json(
                    ["understudy": ["error": .string("request body larger than \(maximumBodySize) bytes")]], status: 413)
            } else {
                let request = Request(
                    method: head.method.rawValue, target: head.uri,
                    headers: head.headers.map { HTTPField(name: $0.name, value: $0.value) }, body: body)
                response = responder.respond(to: request)
            }
            write(response, for: head, context: context)
        }
    }

    private func write(_ response: Response, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        let keepAlive = request.isKeepAlive && !bodyTooLarge
        var headers = HTTPHeaders()
        headers.reserveCapacity(response.headers.count + 2)
        for field in response.headers { headers.add(name: field.name, value: field.value) }
        headers.add(name: "Content-Length", value: String(response.body.count))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: request.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty && request.method != .HEAD {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // Connection-level errors (resets, malformed framing after the 400 the pipeline sent)
        // end this connection only; the server goes on.
        context.close(promise: nil)
    }
}
