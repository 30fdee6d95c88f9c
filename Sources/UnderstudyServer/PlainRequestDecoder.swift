import NIOCore
import NIOHTTP1

/// The first handler of a connection: reads its plain requests itself (`PlainRequestReader`)
/// and passes each on as the head and end NIO's decoder would have passed. At the first
/// request that is not plain it hands the connection over for good: it puts NIO's
/// `HTTPRequestDecoder` (and `NIORequestParts`) behind itself, gives it the bytes from that
/// request on, and from then on only passes bytes through. Every request NIO would refuse is therefore refused
/// by NIO, with its error, in its turn.
final class PlainRequestDecoder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = RequestPart

    private let reader: PlainRequestReader
    private let decoderLimits: NIOHTTPDecoderLimitConfiguration
    /// The beginning of a plain request whose rest has not arrived.
    private var pending: ByteBuffer?
    private var handedOver = false
    /// Set when the channel went inactive while requests were being passed on.
    private var inactive = false

    init(decoderLimits: NIOHTTPDecoderLimitConfiguration) {
        self.decoderLimits = decoderLimits
        self.reader = PlainRequestReader(
            maximumHeadLength: min(decoderLimits.maxHeaderFieldSize, decoderLimits.maxHeaderListSize),
            maximumFieldCount: decoderLimits.maxHeaderFieldCount)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !handedOver else {
            context.fireChannelRead(data)
            return
        }
        var bytes = unwrapInboundIn(data)
        if var kept = pending {
            pending = nil
            kept.writeBuffer(&bytes)
            bytes = kept
        }
        while !inactive, bytes.readableBytes > 0 {
            switch bytes.withUnsafeReadableBytes({ reader.read($0) }) {
            case .request(let head, let length):
                bytes.moveReaderIndex(forwardBy: length)
                context.fireChannelRead(wrapInboundOut(.head(head)))
                context.fireChannelRead(wrapInboundOut(.end))
            case .incomplete:
                pending = bytes
                return
            case .notPlain:
                handOver(bytes, context: context)
                return
            }
        }
    }

    /// An end of input with a request half read is NIO's to judge, as it would have been.
    func channelInactive(context: ChannelHandlerContext) {
        inactive = true
        handOverPending(context: context)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let channelEvent = event as? ChannelEvent, channelEvent == .inputClosed { handOverPending(context: context) }
        context.fireUserInboundEventTriggered(event)
    }

    private func handOverPending(context: ChannelHandlerContext) {
        guard !handedOver, let kept = pending else { return }
        pending = nil
        handOver(kept, context: context)
    }

    /// Puts NIO's decoder behind this handler and gives it `bytes`, the first request that is
    /// not plain and all that follows it.
    private func handOver(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        handedOver = true
        let decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: decoderLimits))
        do {
            let parts = NIORequestParts()
            try context.pipeline.syncOperations.addHandler(parts, position: .after(self))
            try context.pipeline.syncOperations.addHandler(decoder, position: .after(self))
        } catch {
            context.fireErrorCaught(error)
            return
        }
        context.fireChannelRead(NIOAny(bytes))
    }
}
