import NIOCore
import NIOHTTP1
import UnderstudyCore

/// The life of one HTTP/1.1 connection as a value: the channel handler feeds it events
/// (parts read, answers written, writability, deadlines, half-close, shutdown) and does what
/// the returned action says. Every rule of the connection lives here, testable without a
/// socket: keep-alive, answers in request order, the body limit, back-pressure, fairness
/// between connections, faults, half-close and graceful shutdown.
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

    private enum Phase: Equatable {
        /// Reading and answering.
        case open
        /// No more reading (the client half-closed, or the server is shutting down): answer
        /// what was read, then close.
        case draining
        /// Close after the answer in flight; requests read after it are dropped (the client
        /// asked to close, or the request could not be answered on a reusable connection).
        case closingAfterAnswer
        /// A fault took over the connection; it closes itself (or stays silent until shutdown).
        case faulted
        case closed
    }

    /// The request being read, or a parse error waiting its turn.
    private enum Pending {
        case request(Received)
        case unparseable(status: Int)
    }

    let maximumBodySize: Int
    /// Requests read ahead of their answers; past it reading pauses (a client pipelining
    /// without reading cannot make the server queue without bound).
    let maximumQueuedRequests: Int
    /// Answers given one after another before the event loop is handed to other connections.
    let answersPerTurn: Int

    private var phase = Phase.open
    private var head: RequestHead?
    private var body: [UInt8] = []
    private var bodyTooLarge = false
    private var queue: [Pending] = []
    private var queueStart = 0
    /// An answer is in flight: with the responder, waiting for its delay, or dribbling out.
    private var answering = false
    private var answeredThisTurn = 0
    private var yielding = false
    private var writable = true
    private var readPending = false

    init(maximumBodySize: Int, maximumQueuedRequests: Int, answersPerTurn: Int) {
        self.maximumBodySize = maximumBodySize
        self.maximumQueuedRequests = maximumQueuedRequests
        self.answersPerTurn = answersPerTurn
    }

    init(limits: ServerLimits) {
        self.init(maximumBodySize: limits.maximumBodySize, maximumQueuedRequests: limits.maximumQueuedRequests, answersPerTurn: limits.answersPerTurn)
    }

    private var queued: Int { queue.count - queueStart }
    /// Whether requests are still read from this connection.
    var isReading: Bool { phase == .open }
    /// Whether the connection has nothing in flight and nothing queued.
    var isIdle: Bool { !answering && queued == 0 && head == nil }

    // MARK: Reading

    mutating func receivedHead(_ head: RequestHead) {
        guard isReading else { return }
        self.head = head
        body.removeAll(keepingCapacity: true)
        bodyTooLarge = false
    }

    mutating func receivedBody(_ buffer: ByteBuffer) {
        guard isReading, head != nil, !bodyTooLarge else { return }
        if body.count + buffer.readableBytes > maximumBodySize {
            bodyTooLarge = true
            body.removeAll()
        } else {
            buffer.withUnsafeReadableBytes { body.append(contentsOf: $0) }
        }
    }

    /// A request is complete: answer it now, or queue it behind the one in flight.
    mutating func receivedEnd() -> Action {
        guard isReading, let head else { return .none }
        self.head = nil
        return enqueue(.request(Received(head: head, body: body, bodyTooLarge: bodyTooLarge)))
    }

    /// The bytes could not be parsed: the error is answered in its turn, then the connection closes.
    mutating func receivedUnparseable(headersTooLarge: Bool) -> Action {
        guard isReading else { return .none }
        head = nil
        phase = .draining
        return enqueue(.unparseable(status: headersTooLarge ? 431 : 400))
    }

    private mutating func enqueue(_ pending: Pending) -> Action {
        queue.append(pending)
        guard !answering, !yielding, writable else { return .none }
        return answeredThisTurn >= answersPerTurn ? yieldTurn() : next()
    }

    /// The channel asks to read more: allowed unless the client is not reading its answers or
    /// has too many requests waiting. A held read is released by `writabilityChanged` or `answerWritten`.
    mutating func readRequested() -> Bool {
        guard writable, queued < maximumQueuedRequests else {
            readPending = true
            return false
        }
        return true
    }

    /// Whether a held read may now go ahead.
    mutating func releaseRead() -> Bool {
        guard readPending, writable, queued < maximumQueuedRequests else { return false }
        readPending = false
        return true
    }

    // MARK: Answering

    /// An answer is ready for `received`: how it goes out.
    mutating func willSend(_ response: Response, for received: Received) -> Sending {
        if let fault = response.fault {
            phase = .faulted
            dropQueue()
            return .fault(fault)
        }
        if !received.head.isKeepAlive || received.bodyTooLarge { closeAfterAnswer() }
        let last = phase == .closingAfterAnswer || (phase == .draining && queued == 0)
        return .write(closing: last)
    }

    /// The answer in flight is written in full: answer the next request, or close, or wait.
    mutating func answerWritten() -> Action {
        answering = false
        switch phase {
        case .closingAfterAnswer, .faulted, .closed:
            phase = .closed
            return .close
        case .open, .draining:
            if queued == 0 { return phase == .draining ? closeNow() : .armDeadline }
            guard writable else { return .none }
            return answeredThisTurn >= answersPerTurn ? yieldTurn() : next()
        }
    }

    /// The bytes read so far are all handled: the next read starts a new turn, unless
    /// requests are still waiting (they are answered in turns of their own).
    mutating func readComplete() {
        if !yielding, queued == 0 { answeredThisTurn = 0 }
    }

    private mutating func yieldTurn() -> Action {
        yielding = true
        return .yieldThenResume
    }

    /// The event loop is back after a yield: go on answering.
    mutating func resume() -> Action {
        yielding = false
        answeredThisTurn = 0
        guard !answering, writable, queued > 0 else { return .none }
        return next()
    }

    private mutating func next() -> Action {
        guard queued > 0 else { return phase == .draining && !answering ? closeNow() : .none }
        let pending = queue[queueStart]
        queueStart += 1
        if queueStart == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueStart = 0
        }
        switch pending {
        case .request(let received):
            answering = true
            answeredThisTurn += 1
            return .answer(received)
        case .unparseable(let status):
            phase = .closed
            dropQueue()
            return .refuse(status: status)
        }
    }

    // MARK: Connection events

    /// The socket's send buffer filled or drained. While it is full nothing more is answered
    /// (an answer no one reads would only grow the buffer).
    mutating func writabilityChanged(isWritable: Bool) -> Action {
        writable = isWritable
        guard isWritable, !answering, !yielding else { return .none }
        return queued > 0 ? next() : .none
    }

    /// The request deadline passed: a connection waiting for a request gets 408 and closes;
    /// one that is answering is left alone.
    mutating func deadlinePassed() -> Action {
        guard phase == .open, !answering, queued == 0 else { return .none }
        phase = .closed
        return .refuse(status: 408)
    }

    /// The client closed its sending side: answer what was read, then close.
    mutating func inputClosed() -> Action {
        guard phase == .open else { return .none }
        head = nil
        phase = .draining
        return answering || yielding || queued > 0 ? .none : closeNow()
    }

    /// The server is shutting down: read nothing more, answer what was read, then close.
    /// A connection silenced by a fault closes at once.
    mutating func quiesce() -> Action {
        switch phase {
        case .open:
            head = nil
            phase = .draining
            return answering || yielding || queued > 0 ? .none : closeNow()
        case .faulted:
            phase = .closed
            return .close
        case .draining, .closingAfterAnswer, .closed:
            return .none
        }
    }

    /// The connection is gone: nothing more happens on it.
    mutating func closed() {
        phase = .closed
        dropQueue()
    }

    private mutating func closeAfterAnswer() {
        if phase == .open || phase == .draining { phase = .closingAfterAnswer }
        dropQueue()
    }

    private mutating func closeNow() -> Action {
        phase = .closed
        return .close
    }

    private mutating func dropQueue() {
        queue.removeAll()
        queueStart = 0
    }
}

extension ConnectionStateMachine.Received: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.head == rhs.head && lhs.body == rhs.body && lhs.bodyTooLarge == rhs.bodyTooLarge
    }
}
