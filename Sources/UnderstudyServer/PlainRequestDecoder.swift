import NIOCore
import NIOHTTP1

/// The first handler of a connection: reads its plain requests itself (`PlainRequestReader`)
/// and hands each to the receiver right behind it (see `RequestPartReceiver`) as the head and
/// end NIO's decoder would have passed. At the first request that is not plain it hands the
/// connection over for good: it puts NIO's `HTTPRequestDecoder` (and `NIORequestParts`) behind
/// itself, gives it the bytes from that request on, and from then on only passes bytes
/// through. Every request NIO would refuse is therefore refused by NIO, with its error, in its
/// turn.
final class PlainRequestDecoder<Receiver: RequestPartReceiver>: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = RequestPart

    private let reader: PlainRequestReader
    /// The handler right behind this one, and its context once looked up.
    private let receiver: Receiver
    private var receiverContext: ChannelHandlerContext?
    private let decoderLimits: NIOHTTPDecoderLimitConfiguration
    /// The beginning of a plain request whose rest has not arrived.
    private var pending: ByteBuffer?
    /// The memory `pending` holds, in bytes.
    var pendingCapacity: Int { pending?.capacity ?? 0 }
    /// Whether NIO's decoder reads this connection now.
    var isHandedOver: Bool { handedOver }
    /// The longest beginning of a plain request kept between reads; clients' heads are far
    /// shorter.
    static var maximumKeptBytes: Int { 4096 }
    private var handedOver = false
    /// Set when the channel went inactive while requests were being passed on.
    private var inactive = false

    init(decoderLimits: NIOHTTPDecoderLimitConfiguration, receiver: Receiver) {
        self.decoderLimits = decoderLimits
        self.receiver = receiver
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
                guard let receiving = receiverContext(context) else {
                    context.fireChannelRead(wrapInboundOut(.head(head)))
                    context.fireChannelRead(wrapInboundOut(.end))
                    continue
                }
                receiver.received(.head(head), context: receiving)
                receiver.received(.end, context: receiving)
            case .incomplete:
                // Each read scans the kept beginning again: a long head arriving in many small
                // reads is NIO's, which reads as the bytes come.
                guard bytes.readableBytes <= Self.maximumKeptBytes else {
                    handOver(bytes, context: context)
                    return
                }
                // After a request read from the same bytes, only the rest is kept, on its own:
                // appending to the slice would keep everything read before it, and a client
                // whose reads never end at a request's end would grow it without bound.
                pending = bytes.readerIndex == 0 ? bytes : context.channel.allocator.buffer(buffer: bytes)
                return
            case .notPlain:
                handOver(bytes, context: context)
                return
            }
        }
    }

    /// The receiver's context, looked up once; `nil` when the receiver is not in the pipeline.
    private func receiverContext(_ context: ChannelHandlerContext) -> ChannelHandlerContext? {
        if receiverContext == nil { receiverContext = try? context.pipeline.syncOperations.context(handler: receiver) }
        return receiverContext
    }

    /// An end of input with a request half read is NIO's to judge, as it would have been.
    func channelInactive(context: ChannelHandlerContext) {
        inactive = true
        receiverContext = nil
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
