import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures

/// How a connection's answers go out: the responder asked, delays and dribbles kept on the
/// responder's clock, faults played, the server's own refusals written, the close after the
/// last write.
extension RequestHandler {
    func answer(_ received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
        guard !received.bodyTooLarge else {
            deliver(limits.refusal(413), for: received, context: context)
            return
        }
        let head = received.head
        let request = memo.request(method: head.method.rawValue, target: head.uri, headers: head.headers, body: received.body, fromLoopback: fromLoopback)
        switch responder.decision(for: request, sendingFiles: true, memo: memo) {
        case .answer(let response):
            deliver(response, for: received, context: context)
        case let waiting:
            awaitAnswer(to: waiting, for: received, context: context)
        }
    }

    /// Waits for the answer a decision needs (the real provider's, while recording) and sends
    /// it when it comes; later requests wait their turn.
    private func awaitAnswer(to decision: Responder.Decision, for received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        Task { [responder] in
            let response = await responder.answer(to: decision)
            loop.execute {
                let (handler, context) = bound.value
                if handler.active { handler.deliver(response, for: received, context: context) }
            }
        }
    }

    private func deliver(_ response: Response, for received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
        let playback = Playback(response, omitBody: received.head.method == .HEAD)
        if playback.delay > 0 {
            later(after: playback.delay, context: context) { handler, context in handler.send(response, playback, for: received, context: context) }
        } else {
            send(response, playback, for: received, context: context)
        }
    }

    private func send(_ response: Response, _ playback: Playback, for received: ConnectionStateMachine.Received, context: ChannelHandlerContext) {
        let head = received.head
        switch machine.willSend(response, for: received) {
        case .fault(let fault):
            FaultPlayer.play(fault, response: response, version: head.version, context: context)
        case .write(let closing):
            var bytes = ResponseEncoding.encode(
                response, version: head.version, closing: closing, omitBody: head.method == .HEAD, allocator: context.channel.allocator)
            if let file = response.fileBody, file.delivery == .sent, head.method != .HEAD {
                write(bytes, thenFile: file, ending: closing, context: context)
                perform(machine.answerWritten(), context: context)
                return
            }
            guard case .pieces(let cuts, let interval) = playback.delivery else {
                write(bytes, ending: closing, context: context)
                perform(machine.answerWritten(), context: context)
                return
            }
            // The head and the first piece of the body now; the other pieces on the clock.
            let headLength = bytes.readableBytes - response.bodyCount
            let pieces = cuts.enumerated().map { index, cut in bytes.readSlice(length: cut.count + (index == 0 ? headLength : 0))! }
            sendPieces(pieces[...], ending: closing, interval: interval, context: context)
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
            lastWrite = context.writeAndFlush(wrapOutboundOut(.byteBuffer(bytes)))
        } else {
            context.writeAndFlush(wrapOutboundOut(.byteBuffer(bytes)), promise: nil)
        }
    }

    /// Writes `head`, then the body straight from its file (`sendfile`: no copy through this
    /// process). The body file's descriptor is lent to NIO for this write only and taken back
    /// when it completes or fails; the file stays open for later answers.
    private func write(_ head: ByteBuffer, thenFile body: FileBody, ending: Bool, context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.byteBuffer(head)), promise: nil)
        let handle = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: body.descriptor)
        let region = FileRegion(fileHandle: handle, readerIndex: 0, endIndex: body.count)
        let written = context.writeAndFlush(wrapOutboundOut(.fileRegion(region)))
        written.whenComplete { _ in
            _ = try? handle.takeDescriptorOwnership()
            withExtendedLifetime(body) {}
        }
        if ending { lastWrite = written }
    }

    func refuse(_ status: Int, context: ChannelHandlerContext) {
        let refusal = ResponseEncoding.encode(limits.refusal(status), version: .http1_1, closing: true, omitBody: false, allocator: context.channel.allocator)
        write(refusal, ending: true, context: context)
        closeAfterWrites(context: context)
    }

    func closeAfterWrites(context: ChannelHandlerContext) {
        deadline.cancel()
        let channel = context.channel
        if let lastWrite {
            lastWrite.whenComplete { _ in channel.close(promise: nil) }
        } else {
            channel.close(promise: nil)
        }
    }
}
