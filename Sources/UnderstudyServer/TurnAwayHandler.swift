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
        let channel = context.channel
        let bytes = ResponseEncoding.plain(
            503, "the server has \(limit) connections open, its limit; close one and retry",
            extraHeaders: [HeaderField(name: "Retry-After", value: "1")], allocator: channel.allocator)
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}  // never read: it is closing
}
