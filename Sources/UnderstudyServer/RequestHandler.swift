import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Carries one connection's bytes: feeds its `ConnectionStateMachine` the parts NIO parsed
/// and the channel's events, asks the responder for answers, and does what the machine says.
/// Every decision about what to answer is the responder's; every rule of the connection is
/// the machine's; this handler only frames, writes and keeps time.
final class RequestHandler: ChannelDuplexHandler, RequestPartReceiver {
    typealias InboundIn = RequestPart
    typealias OutboundIn = ByteBuffer
    /// Buffers, and file regions for bodies sent straight from their files.
    typealias OutboundOut = IOData

    let responder: Responder
    let limits: ServerLimits
    let fromLoopback: Bool
    /// Where this connection waits when it has used its turn.
    let turns: TurnQueue
    /// The responder's memo of this connection's event loop.
    let memo: TargetMemo
    var machine: ConnectionStateMachine
    /// Closes the connection when the next request does not arrive complete in time.
    var deadline = RequestDeadline()
    /// The write that ends the connection, which the close waits for.
    var lastWrite: EventLoopFuture<Void>?
    var active = true

    init(responder: Responder, limits: ServerLimits, fromLoopback: Bool, turns: TurnQueue, memo: TargetMemo) {
        self.responder = responder
        self.turns = turns
        self.memo = memo
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
        received(unwrapInboundIn(data), context: context)
    }

    func received(_ part: RequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head): machine.receivedHead(head)
        case .body(let buffer): machine.receivedBody(buffer)
        case .end:
            // A complete request stops the clock; it restarts when the connection is idle again.
            deadline.disarm()
            perform(machine.receivedEnd(), context: context)
        }
    }

    // MARK: Doing what the machine says

    func perform(_ action: ConnectionStateMachine.Action, context: ChannelHandlerContext) {
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

    /// Gives the next request `requestTimeout` to arrive complete, on the real clock: a
    /// protective limit, unlike the fixture delays that follow the responder's clock.
    private func armDeadline(context: ChannelHandlerContext) {
        deadline.arm(in: limits.requestTimeout, on: context.eventLoop) { deadlineTimerFired(context: context) }
    }

    /// What the deadline's timer runs: the machine hears of the deadline only when the armed
    /// expiry has passed.
    private func deadlineTimerFired(context: ChannelHandlerContext) -> @Sendable () -> Void {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        return {
            let (handler, context) = bound.value
            guard handler.active, handler.deadline.timerFired(on: context.eventLoop, expired: { handler.deadlineTimerFired(context: context) }) else { return }
            handler.perform(handler.machine.deadlinePassed(), context: context)
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
        deadline.cancel()
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
