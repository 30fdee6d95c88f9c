import NIOCore
import NIOEmbedded
import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures

@testable import UnderstudyServer

/// Everything a request decoder passes on to the handler behind it, written as lines that two
/// pipelines can be compared by: heads (with what `RequestHandler` reads of them), bodies
/// (pieces joined: how the bytes were cut is the decoder's business), ends, errors, events.
final class RequestPartsRecorder: RequestPartReceiver {
    typealias InboundIn = RequestPart

    private(set) var lines: [String] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received(unwrapInboundIn(data), context: context)
    }

    func received(_ part: RequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            lines.append(RequestDecoding.line(for: head))
        case .body(let buffer):
            let text = String(buffer: buffer)
            if let last = lines.last, last.hasPrefix("body ") {
                lines[lines.count - 1] = last + text
            } else {
                lines.append("body " + text)
            }
        case .end:
            lines.append("end")
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        lines.append("error \(error)")
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        lines.append("event \(event)")
    }

    func channelInactive(context: ChannelHandlerContext) {
        lines.append("inactive")
    }
}

/// Feeds the same bytes to the server's first handler, or to NIO's decoder alone, in an
/// embedded channel, and returns what reached the handler behind.
enum RequestDecoding {
    /// How the client's side ends after the last chunk.
    enum Ending: CaseIterable {
        case open, inputClosed, closed
    }

    static let standardLimits = NIOHTTPDecoderLimitConfiguration()

    /// A head as a line: what `RequestHandler` and the connection's rules read of it.
    static func line(for head: RequestHead) -> String {
        let fields = head.headers.map { "\($0.name): \($0.value)" }.joined(separator: " | ")
        return "head \(head.method.rawValue) \(head.uri) \(head.version) keepAlive=\(head.isKeepAlive) [\(fields)]"
    }

    /// - Parameter plain: true for `PlainRequestDecoder` (as `serve` runs), false for NIO's
    ///   `HTTPRequestDecoder` on every request (as it ran before), its parts passed on by
    ///   `NIORequestParts`.
    static func lines(
        _ chunks: [[UInt8]], ending: Ending = .open, plain: Bool, limits: NIOHTTPDecoderLimitConfiguration = standardLimits
    ) throws -> [String] {
        let channel = EmbeddedChannel()
        let recorder = RequestPartsRecorder()
        if plain {
            try channel.pipeline.syncOperations.addHandler(PlainRequestDecoder(decoderLimits: limits, receiver: recorder))
        } else {
            try channel.pipeline.syncOperations.addHandler(
                ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: limits)))
            try channel.pipeline.syncOperations.addHandler(NIORequestParts())
        }
        try channel.pipeline.syncOperations.addHandler(recorder)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        for chunk in chunks { try channel.writeInbound(channel.allocator.buffer(bytes: chunk)) }
        switch ending {
        case .open: break
        case .inputClosed: channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        case .closed: try channel.close().wait()
        }
        if ending != .closed { _ = try? channel.finish() }
        return recorder.lines
    }

    /// An embedded channel with the server's first handler and a recorder behind it, for tests
    /// that feed it themselves.
    static func plainChannel() throws -> (EmbeddedChannel, PlainRequestDecoder<RequestPartsRecorder>, RequestPartsRecorder) {
        let channel = EmbeddedChannel()
        let recorder = RequestPartsRecorder()
        let decoder = PlainRequestDecoder(decoderLimits: standardLimits, receiver: recorder)
        try channel.pipeline.syncOperations.addHandler(decoder)
        try channel.pipeline.syncOperations.addHandler(recorder)
        return (channel, decoder, recorder)
    }

    /// `bytes` cut before each offset in `cuts`.
    static func chunks(_ bytes: [UInt8], cutAt cuts: [Int]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        for cut in cuts.sorted() where cut > start && cut < bytes.count {
            pieces.append(Array(bytes[start..<cut]))
            start = cut
        }
        pieces.append(Array(bytes[start...]))
        return pieces
    }
}
