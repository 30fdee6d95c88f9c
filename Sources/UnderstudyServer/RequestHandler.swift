import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Turns HTTP/1.1 request parts into one `Request`, asks the responder, and writes the
/// answer. Framing and timing only: every decision about what to answer is the responder's.
///
/// Answers go out in request order. Most are written at once; one with a delay or a dribble
/// is written when the server's clock says so, and requests that arrive meanwhile on the same
/// connection wait their turn. When the client stops reading and the socket's buffer fills,
/// reading pauses until it drains, so a client cannot make the server queue without bound.
final class RequestHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// A request read in full, waiting for its answer.
    private struct Received {
        let head: HTTPRequestHead
        let body: [UInt8]
        let bodyTooLarge: Bool
    }

    private let responder: Responder
    private let limits: ServerLimits
    private let fromLoopback: Bool
    /// Closes the connection when the next request does not arrive complete in time.
    private var deadline: Scheduled<Void>?
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var bodyTooLarge = false
    /// No more requests are read: the connection closes after the current answer.
    private var closing = false
    /// An answer is waiting for the clock (a delay, or the rest of a dribble).
    private var busy = false
    private var waiting: [Received] = []
    private var active = true
    private var readPending = false

    init(responder: Responder, limits: ServerLimits, fromLoopback: Bool) {
        self.responder = responder
        self.limits = limits
        self.fromLoopback = fromLoopback
    }

    func channelActive(context: ChannelHandlerContext) {
        armDeadline(context: context)
        context.fireChannelActive()
    }

    /// Gives the next request `requestTimeout` to arrive complete, on the real clock: a
    /// protective limit, unlike the fixture delays that follow the responder's clock.
    private func armDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: limits.requestTimeout) {
            let (handler, context) = bound.value
            guard handler.active, !handler.busy, !handler.closing else { return }
            handler.closing = true
            handler.write(
                ResponseEncoding.plain(
                    408, "no complete request within \(handler.limits.requestTimeout.nanoseconds / 1_000_000) ms", allocator: context.channel.allocator),
                context: context)
        }
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
            if body.count + buffer.readableBytes > limits.maximumBodySize {
                bodyTooLarge = true
                body.removeAll()
            } else {
                body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
            }
        case .end:
            guard let head else { return }
            self.head = nil
            deadline?.cancel()
            let received = Received(head: head, body: body, bodyTooLarge: bodyTooLarge)
            if busy { waiting.append(received) } else { answer(received, context: context) }
        }
    }

    private func answer(_ received: Received, context: ChannelHandlerContext) {
        guard !received.bodyTooLarge else {
            let response = Response.json(["understudy": ["error": .string("request body larger than \(limits.maximumBodySize) bytes")]], status: 413)
            deliver(response, for: received, context: context)
            return
        }
        let head = received.head
        let request = Request(
            method: head.method.rawValue, target: head.uri,
            headers: head.headers.map { HeaderField(name: $0.name, value: $0.value) }, body: received.body, fromLoopback: fromLoopback)
        if let response = responder.respondNow(to: request) {
            deliver(response, for: received, context: context)
        } else {
            awaitAnswer(to: request, for: received, context: context)
        }
    }

    /// Asks the responder for an answer that needs waiting (the real provider's, while
    /// recording) and sends it when it comes; requests that arrive meanwhile on this
    /// connection wait their turn, as behind a delay.
    private func awaitAnswer(to request: Request, for received: Received, context: ChannelHandlerContext) {
        busy = true
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        Task { [responder] in
            let response = await responder.respond(to: request)
            loop.execute {
                let (handler, context) = bound.value
                if handler.active { handler.deliver(response, for: received, context: context) }
            }
        }
    }

    private func deliver(_ response: Response, for received: Received, context: ChannelHandlerContext) {
        if response.delay > 0 {
            busy = true
            later(after: response.delay, context: context) { handler, context in handler.send(response, for: received, context: context) }
        } else {
            send(response, for: received, context: context)
        }
    }

    /// Runs `action` on this connection's event loop once `seconds` have passed on the
    /// responder's clock, unless the connection has gone by then.
    private func later(after seconds: TimeInterval, context: ChannelHandlerContext, _ action: @escaping (RequestHandler, ChannelHandlerContext) -> Void) {
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context, action), eventLoop: loop)
        responder.clock.schedule(after: seconds) {
            loop.execute {
                let (handler, context, action) = bound.value
                if handler.active { action(handler, context) }
            }
        }
    }

    private func send(_ response: Response, for received: Received, context: ChannelHandlerContext) {
        let head = received.head
        if let fault = response.fault {
            closing = true  // nothing more is read from a connection playing a fault
            waiting.removeAll()
            FaultPlayer.play(fault, response: response, version: head.version, context: context)
            return
        }
        closing = closing || !head.isKeepAlive || received.bodyTooLarge
        var bytes = ResponseEncoding.encode(
            response, version: head.version, closing: closing, omitBody: head.method == .HEAD, allocator: context.channel.allocator)
        guard let dribble = response.dribble, head.method != .HEAD, !response.body.isEmpty else {
            write(bytes, context: context)
            finish(context: context)
            return
        }
        // The head and the first piece of the body now; the other pieces spread over the duration.
        let headLength = bytes.readableBytes - response.body.count
        let pieceLength = (response.body.count + dribble.chunks - 1) / dribble.chunks
        var pieces = [bytes.readSlice(length: headLength + min(pieceLength, response.body.count))!]
        while bytes.readableBytes > 0 { pieces.append(bytes.readSlice(length: min(pieceLength, bytes.readableBytes))!) }
        busy = true
        sendPieces(pieces[...], interval: pieces.count > 1 ? dribble.duration / Double(pieces.count - 1) : 0, context: context)
    }

    private func sendPieces(_ pieces: ArraySlice<ByteBuffer>, interval: TimeInterval, context: ChannelHandlerContext) {
        guard let first = pieces.first else { return }
        let rest = pieces.dropFirst()
        if rest.isEmpty {
            write(first, context: context)
            finish(context: context)
        } else {
            context.writeAndFlush(wrapOutboundOut(first), promise: nil)
            later(after: interval, context: context) { handler, context in handler.sendPieces(rest, interval: interval, context: context) }
        }
    }

    private func write(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        if closing {
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
        } else {
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        }
    }

    /// One answer is out: answer the requests that queued behind it, in order.
    private func finish(context: ChannelHandlerContext) {
        busy = false
        if closing {
            waiting.removeAll()
            return
        }
        while !busy, !closing, !waiting.isEmpty { answer(waiting.removeFirst(), context: context) }
        if !busy && !closing { armDeadline(context: context) }
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

    func channelInactive(context: ChannelHandlerContext) {
        active = false
        deadline?.cancel()
        waiting.removeAll()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request that cannot be parsed gets a 400, then this connection closes; the server
        // goes on. Other errors (resets) just end the connection.
        if let parserError = error as? HTTPParserError, !closing {
            closing = true
            let channel = context.channel
            let answer = parserError == .headerOverflow
                ? ResponseEncoding.plain(431, "request headers larger than \(limits.maximumHeaderSize) bytes or more than \(limits.maximumHeaderCount) fields", allocator: channel.allocator)
                : ResponseEncoding.badRequest(allocator: channel.allocator)
            context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in channel.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }
}
