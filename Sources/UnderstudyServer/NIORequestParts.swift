import NIOCore
import NIOHTTP1

/// Stands behind NIO's `HTTPRequestDecoder` on a connection handed over to it, and passes on
/// what it read as the parts `RequestHandler` reads. Errors and events pass through.
final class NIORequestParts: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = RequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): context.fireChannelRead(wrapInboundOut(.head(RequestHead(head))))
        case .body(let buffer): context.fireChannelRead(wrapInboundOut(.body(buffer)))
        case .end: context.fireChannelRead(wrapInboundOut(.end))
        }
    }
}
