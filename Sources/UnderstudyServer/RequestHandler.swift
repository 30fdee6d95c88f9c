import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Carries one connection's bytes: feeds its `ConnectionStateMachine` the parts NIO parsed
/// and the channel's events, asks the responder for answers, and does what the machine says.
/// Every decision about what to answer is the responder's; every rule of the connection is
/// the machine's; this handler only frames, writes and keeps time.
final class RequestHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let responder: Responder
    private let limits: ServerLimits
    private let fromLoopback: Bool
    /// Where this connection waits when it has used its turn.
    private let turns: TurnQueue
    private var machine: ConnectionStateMachine
    /// Closes the connection when the next request does not arrive complete in time.
    private var deadline: Scheduled<Void>?
    /// The write that ends the connection, which the close waits for.
    private var lastWrite: EventLoopFuture<Void>?
    private var active = true

    init(responder: Responder, limits: ServerLimits, fromLoopback: Bool, turns: TurnQueue) {
        self.responder = responder
        self.turns = turns
        self.limits = limits
        self.fromLoopback = fromLoopback
        self.machine = ConnectionStateMachine(limits: limits)
    }

    func channelActive(context: ChannelHandlerContext) {
        armDeadline(context: context)
        context.fireChannelActive()
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        machine.readComplete()
        context.fireChannelReadComplete()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): machine.receivedHead(head)
        case .body(let buffer): machine.receivedBody(buffer)
        case .end:
            // A complete request stops the clock; it restarts when the connection is idle again.
            deadline?.cancel()
            perform(machine.receivedEnd(), context: context)
        }
    }

    // MARK: Doing what the machine says

    private func perform(_ action: ConnectionStateMachine.Action, context: ChannelHandlerContext) {
        switch action {
        case .none: break
        case .answer(let received): answer(received, context: context)
        case .refuse(let status): refuse(status, context: context)
        case .close: closeAfterWrites(context: context)
        case .armDeadline: armDeadline(context: context)
        case .yieldThenResume:
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            turns.enqueue {
                let (handler, context) = bound.value
                if handler.active { handler.perform(handler.machine.resume(), context: context) }
            }
        }
        if machine.releaseRead() { context.read() }
    }

    private func answer(_ received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
        guard !received.bodyTooLarge else {
            deliver(limits.refusal(413), for: received, context: context)
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
    /// recording) and sends it when it comes; later requests wait their turn.
    private func awaitAnswer(to request: Request, for received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
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

    private func deliver(_ response: Response, for received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
        if response.delay > 0 {
            later(after: response.delay, context: context) { handler, context in handler.send(response, for: received, context: context) }
        } else {
            send(response, for: received, context: context)
        }
    }

    private func send(_ response: Response, for received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
        let head = received.head
        switch machine.willSend(response, for: received) {
        case .fault(let fault):
            FaultPlayer.play(fault, response: response, version: head.version, context: context)
        case .write(let closing):
            var bytes = ResponseEncoding.encode(
                response, version: head.version, closing: closing, omitBody: head.method == .HEAD, allocator: context.channel.allocator)
            guard let dribble = response.dribble, head.method != .HEAD, !response.body.isEmpty else {
                write(bytes, ending: closing, context: context)
                perform(machine.answerWritten(), context: context)
                return
            }
            // The head and the first piece of the body now; the other pieces spread over the duration.
            let cuts = dribble.pieces(ofBodyCount: response.body.count)
            let headLength = bytes.readableBytes - response.body.count
            let pieces = cuts.enumerated().map { index, cut in bytes.readSlice(length: cut.count + (index == 0 ? headLength : 0))! }
            sendPieces(pieces[...], ending: closing, interval: dribble.interval(pieceCount: pieces.count), context: context)
        }
    }

    private func sendPieces(_ pieces: ArraySlice<ByteBuffer>, ending: Bool, interval: TimeInterval, context: ChannelHandlerContext) {
        guard let first = pieces.first else { return }
        let rest = pieces.dropFirst()
        if rest.isEmpty {
            write(first, ending: ending, context: context)
            perform(machine.answerWritten(), context: context)
        } else {
            write(first, ending: false, context: context)
            later(after: interval, context: context) { handler, context in
                handler.sendPieces(rest, ending: ending, interval: interval, context: context)
            }
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

    /// Writes `bytes`; the last write of a connection is remembered so the close waits for it.
    private func write(_ bytes: ByteBuffer, ending: Bool, context: ChannelHandlerContext) {
        if ending {
            lastWrite = context.writeAndFlush(wrapOutboundOut(bytes))
        } else {
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        }
    }

    private func refuse(_ status: Int, context: ChannelHandlerContext) {
        let refusal = ResponseEncoding.encode(limits.refusal(status), version: .http1_1, closing: true, omitBody: false, allocator: context.channel.allocator)
        write(refusal, ending: true, context: context)
        closeAfterWrites(context: context)
    }

    private func closeAfterWrites(context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        if let lastWrite {
            lastWrite.whenComplete { _ in channel.close(promise: nil) }
        } else {
            channel.close(promise: nil)
        }
    }

    /// Gives the next request `requestTimeout` to arrive complete, on the real clock: a
    /// protective limit, unlike the fixture delays that follow the responder's clock.
    private func armDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: limits.requestTimeout) {
            let (handler, context) = bound.value
            if handler.active { handler.perform(handler.machine.deadlinePassed(), context: context) }
        }
    }

    // MARK: Channel events

    func read(context: ChannelHandlerContext) {
        if machine.readRequested() { context.read() }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        perform(machine.writabilityChanged(isWritable: context.channel.isWritable), context: context)
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            perform(machine.quiesce(), context: context)
        } else if let channelEvent = event as? ChannelEvent, channelEvent == .inputClosed {
            perform(machine.inputClosed(), context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        active = false
        deadline?.cancel()
        machine.closed()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request that cannot be parsed gets its 400 (or 431) in its turn, then the
        // connection closes; the server goes on. Other errors (resets) just end the connection.
        if let parserError = error as? HTTPParserError {
            perform(machine.receivedUnparseable(headersTooLarge: parserError == .headerOverflow), context: context)
        } else {
            context.close(promise: nil)
        }
    }
}
