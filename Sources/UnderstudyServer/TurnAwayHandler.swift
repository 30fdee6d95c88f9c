import NIOCore
import UnderstudyCore

/// Answers a connection past the server's limit with 503 and closes it, without reading.
final class TurnAwayHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func channelActive(context: ChannelHandlerContext) {
        let response = Response(
            status: 503, headers: [HTTPField(name: "Content-Type", value: "text/plain; charset=utf-8"), HTTPField(name: "Retry-After", value: "1")],
            body: Array("the server has \(limit) connections open, its limit; close one and retry".utf8))
        let channel = context.channel
        let bytes = ResponseEncoding.encode(response, version: .http1_1, closing: true, omitBody: false, allocator: channel.allocator)
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}  // never read: it is closing
}
