import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures

/// Plays a fixture's `Fault` on the connection instead of a well-formed answer. Every fault
/// but `noAnswer` ends by closing the connection; `noAnswer` leaves it open and silent until
/// the client gives up (or the server shuts down).
enum FaultPlayer {
    static func play(_ fault: Fault, response: Response, version: HTTPVersion, context: ChannelHandlerContext) {
        let channel = context.channel
        let allocator = channel.allocator
        switch fault {
        case .reset:
            // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            // `struct linger { int l_onoff; int l_linger; }` built from its two ints: its Swift
            // initialiser belongs to a C module (CNIOLinux, Darwin) that is not ours to import.
            let zeroLinger = unsafeBitCast((Int32(1), Int32(0)), to: NIOLinger.self)
            if let options = channel as? any SocketOptionProvider {
                options.setSoLinger(zeroLinger).whenComplete { _ in channel.close(promise: nil) }
            } else {
                channel.close(promise: nil)
            }
        case .empty:
            channel.close(promise: nil)
        case .shortBody:
            var whole = ResponseEncoding.encode(response, version: version, closing: true, omitBody: false, allocator: allocator)
            let half = whole.readSlice(length: whole.readableBytes - max(1, (response.body.count + 1) / 2))!
            writeThenClose(half, context: context)
        case .malformedChunk:
            var buffer = ResponseEncoding.encode(
                response, version: version, closing: true, omitBody: false, allocator: allocator, framing: .chunked)
            buffer.writeString("zz\r\nnot a chunk size\r\n")
            writeThenClose(buffer, context: context)
        case .garbage:
            var buffer = allocator.buffer(capacity: 64)
            buffer.writeBytes((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) | 0x80 })
            writeThenClose(buffer, context: context)
        case .noAnswer:
            break
        }
    }

    private static func writeThenClose(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        let channel = context.channel
        context.writeAndFlush(NIOAny(buffer)).whenComplete { _ in channel.close(promise: nil) }
    }
}
