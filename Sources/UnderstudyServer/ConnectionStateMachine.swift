import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures

/// The life of one HTTP/1.1 connection as a value: the channel handler feeds it events
/// (parts read, answers written, writability, deadlines, half-close, shutdown) and does what
/// the returned action says. Every rule of the connection lives here, testable without a
/// socket: keep-alive, answers in request order, the body limit, back-pressure, fairness
/// between connections, faults, half-close and graceful shutdown.
///
/// Its state is three values, each an enum or a value of its own rather than flags: the
/// connection's `Phase` (with the request being read while reading), the `AnswerQueue` (the
/// requests read and waiting, and whose turn it is), and the `BackPressure` on reading.
struct ConnectionStateMachine {
    /// A request read in full, waiting for its answer.
    struct Received {
        let head: RequestHead
        let body: [UInt8]
        let bodyTooLarge: Bool
    }

    /// What the handler does after an event.
    enum Action: Equatable {
        /// Nothing now.
        case none
        /// Ask the responder for this request's answer, then call `willSend`.
        case answer(Received)
        /// Write the server's own plain answer (400, 408, 431) and close.
        case refuse(status: Int)
        /// Close the connection now: nothing is in flight and nothing more will be answered.
        case close
        /// Let other connections have the event loop (its I/O included), then call `resume()`.
        case yieldThenResume
        /// Give the next request `requestTimeout` to arrive complete.
        case armDeadline
    }

    /// How one answer goes out.
    enum Sending: Equatable {
        /// Write it; `closing` adds `Connection: close` and closes after the write.
        case write(closing: Bool)
        /// Play the fault instead; nothing more is read or answered on this connection.
        case fault(Fault)
    }

    private enum Phase {
        /// Reading requests and answering them in order; the request being read, if one is.
        case reading(PartialRequest?)
        /// No more reading (the client half-closed, a request could not be parsed, the server
        /// is shutting down): answer what was read, then close.
        case draining
        /// The answer in flight is the last: close after it (requests read after it are
        /// dropped; the client asked to close, or the request cannot be answered on a reusable
        /// connection).
        case closingAfterAnswer
        /// A fault took over the connection; it closes itself (or stays silent until shutdown).
        case faulted
        case closed
    }

    let maximumBodySize: Int
    /// Requests read ahead of their answers; past it reading pauses (a client pipelining
    /// without reading cannot make the server queue without bound).
    let maximumQueuedRequests: Int
    /// Answers given one after another before the event loop is handed to other connections.
    let answersPerTurn: Int

    private var phase = Phase.reading(nil)
    private var answers = AnswerQueue()
    private var backPressure = BackPressure()

    init(maximumBodySize: Int, maximumQueuedRequests: Int, answersPerTurn: Int) {
        self.maximumBodySize = maximumBodySize
        self.maximumQueuedRequests = maximumQueuedRequests
        self.answersPerTurn = answersPerTurn
    }

    init(limits: ServerLimits) {
        self.init(maximumBodySize: limits.maximumBodySize, maximumQueuedRequests: limits.maximumQueuedRequests, answersPerTurn: limits.answersPerTurn)
    }

    /// Whether requests are still read from this connection.
    var isReading: Bool {
        if case .reading = phase { return true }
        return false
    }

    /// Whether the connection reads, with nothing in flight, queued or half read.
    var isIdle: Bool {
        guard case .reading(nil) = phase else { return false }
        return answers.turn == .waiting && answers.count == 0
    }

    // MARK: Reading

    mutating func receivedHead(_ head: RequestHead) {
        guard isReading else { return }
        phase = .reading(PartialRequest(head: head))
    }

    mutating func receivedBody(_ buffer: ByteBuffer) {
        guard case .reading(var partial?) = phase else { return }
        phase = .reading(nil)  // the body released from the phase, so appending does not copy it
        partial.append(buffer, limit: maximumBodySize)
        phase = .reading(partial)
    }

    /// A request is complete: answer it now, or queue it behind the one in flight.
    mutating func receivedEnd() -> Action {
        guard case .reading(let partial?) = phase else { return .none }
        phase = .reading(nil)
        return enqueue(.request(partial.received))
    }

    /// The bytes could not be parsed: the error is answered in its turn, then the connection closes.
    mutating func receivedUnparseable(headersTooLarge: Bool) -> Action {
        guard isReading else { return .none }
        phase = .draining
        return enqueue(.unparseable(status: headersTooLarge ? 431 : 400))
    }

    private mutating func enqueue(_ pending: AnswerQueue.Pending) -> Action {
        answers.append(pending)
        guard answers.turn == .waiting, backPressure.socketWritable else { return .none }
        return nextOrYield()
    }

    /// The channel asks to read more: allowed unless the client is not reading its answers or
    /// has too many requests waiting. A held read is released by `writabilityChanged` or `answerWritten`.
    mutating func readRequested() -> Bool {
        backPressure.mayRead(queued: answers.count, limit: maximumQueuedRequests)
    }

    /// Whether a held read may now go ahead.
    mutating func releaseRead() -> Bool {
        backPressure.releasesHeldRead(queued: answers.count, limit: maximumQueuedRequests)
    }

    // MARK: Answering

    /// An answer is ready for `received`: how it goes out.
    mutating func willSend(_ response: Response, for received: Received) -> Sending {
        if let fault = response.fault {
            if case .closed = phase {} else { phase = .faulted }
            answers.removeWaiting()
            return .fault(fault)
        }
        if !received.head.isKeepAlive || received.bodyTooLarge { closeAfterAnswer() }
        switch phase {
        case .closingAfterAnswer: return .write(closing: true)
        case .draining: return .write(closing: answers.count == 0)
        case .reading, .faulted, .closed: return .write(closing: false)
        }
    }

    /// The answer in flight is written in full: answer the next request, or close, or wait.
    mutating func answerWritten() -> Action {
        answers.turn = .waiting
        switch phase {
        case .closingAfterAnswer, .faulted, .closed:
            return closeNow()
        case .reading, .draining:
            if answers.count == 0 {
                if case .draining = phase { return closeNow() }
                return .armDeadline
            }
            guard backPressure.socketWritable else { return .none }
            return nextOrYield()
        }
    }

    /// The bytes read so far are all handled: the next read starts a new turn, unless
    /// requests are still waiting (they are answered in turns of their own).
    mutating func readComplete() {
        if answers.turn != .yielding, answers.count == 0 { answers.answeredThisTurn = 0 }
    }

    /// The event loop is back after a yield: go on answering.
    mutating func resume() -> Action {
        if answers.turn == .yielding { answers.turn = .waiting }
        answers.answeredThisTurn = 0
        guard answers.turn == .waiting, backPressure.socketWritable, answers.count > 0 else { return .none }
        return next()
    }

    /// The next request's answer, or a yield when this turn has given its share.
    private mutating func nextOrYield() -> Action {
        guard answers.answeredThisTurn < answersPerTurn else {
            answers.turn = .yielding
            return .yieldThenResume
        }
        return next()
    }

    private mutating func next() -> Action {
        guard let pending = answers.popFirst() else {
            if case .draining = phase, answers.turn == .waiting { return closeNow() }
            return .none
        }
        switch pending {
        case .request(let received):
            answers.turn = .answering
            answers.answeredThisTurn += 1
            return .answer(received)
        case .unparseable(let status):
            phase = .closed
            answers.removeWaiting()
            return .refuse(status: status)
        }
    }

    // MARK: Connection events

    /// The socket's send buffer filled or drained. While it is full nothing more is answered
    /// (an answer no one reads would only grow the buffer).
    mutating func writabilityChanged(isWritable: Bool) -> Action {
        backPressure.socketWritable = isWritable
        guard isWritable, answers.turn == .waiting else { return .none }
        return answers.count > 0 ? next() : .none
    }

    /// The request deadline passed: a connection waiting for a request gets 408 and closes;
    /// one that is answering is left alone.
    mutating func deadlinePassed() -> Action {
        guard isReading, answers.turn != .answering, answers.count == 0 else { return .none }
        phase = .closed
        return .refuse(status: 408)
    }

    /// The client closed its sending side: answer what was read, then close.
    mutating func inputClosed() -> Action {
        guard isReading else { return .none }
        return drain()
    }

    /// The server is shutting down: read nothing more, answer what was read, then close.
    /// A connection silenced by a fault closes at once.
    mutating func quiesce() -> Action {
        switch phase {
        case .reading: return drain()
        case .faulted: return closeNow()
        case .draining, .closingAfterAnswer, .closed: return .none
        }
    }

    /// The connection is gone: nothing more happens on it.
    mutating func closed() {
        phase = .closed
        answers.removeWaiting()
    }

    /// Stops reading (a request half read is dropped); closes now when nothing is in flight or waiting.
    private mutating func drain() -> Action {
        phase = .draining
        return answers.turn != .waiting || answers.count > 0 ? .none : closeNow()
    }

    private mutating func closeAfterAnswer() {
        switch phase {
        case .reading, .draining: phase = .closingAfterAnswer
        case .closingAfterAnswer, .faulted, .closed: break
        }
        answers.removeWaiting()
    }

    private mutating func closeNow() -> Action {
        phase = .closed
        return .close
    }
}

extension ConnectionStateMachine.Received: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.head == rhs.head && lhs.body == rhs.body && lhs.bodyTooLarge == rhs.bodyTooLarge
    }
}
