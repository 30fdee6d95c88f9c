/// A connection's requests read and waiting for their answers, in order, and whose turn it is:
/// part of `ConnectionStateMachine`.
struct AnswerQueue {
    /// A request waiting, or a parse error answered in its turn.
    enum Pending {
        case request(ConnectionStateMachine.Received)
        case unparseable(status: Int)
    }

    /// Where the connection is in answering.
    enum Turn: Equatable {
        /// Nothing in flight: the next request may be answered.
        case waiting
        /// An answer is in flight: with the responder, waiting for its delay, or going out.
        case answering
        /// The event loop was handed to other connections; `resume()` comes back.
        case yielding
    }

    var turn = Turn.waiting
    /// Answers given since the turn began.
    var answeredThisTurn = 0
    private var waiting: [Pending] = []
    private var start = 0

    /// How many are waiting.
    var count: Int { waiting.count - start }

    mutating func append(_ pending: Pending) {
        waiting.append(pending)
    }

    /// The first waiting, removed; `nil` when none waits.
    mutating func popFirst() -> Pending? {
        guard start < waiting.count else { return nil }
        let first = waiting[start]
        start += 1
        if start == waiting.count {
            // Emptied: the storage is reused, not shifted on every answer.
            waiting.removeAll(keepingCapacity: true)
            start = 0
        }
        return first
    }

    /// Forgets every waiting request (they will not be answered).
    mutating func removeWaiting() {
        waiting.removeAll()
        start = 0
    }
}
