import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures

/// Answers a connection past the server's limit with 503 and closes it, without reading.
final class TurnAwayHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limits: ServerLimits

    init(limits: ServerLimits) {
        self.limits = limits
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        let bytes = ResponseEncoding.encode(limits.refusal(503), version: .http1_1, closing: true, omitBody: false, allocator: channel.allocator)
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}  // never read: it is closing
}
