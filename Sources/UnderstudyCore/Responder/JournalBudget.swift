import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// The bytes every journal of one responder may hold together: requests with long targets,
/// in many sessions, must not grow the server's memory without bound.
///
/// Past the budget, the session that recorded drops its own oldest entries, then the
/// least recently used other sessions are forgotten (see `SessionTable`).
final class JournalBudget: Sendable {
    /// The most bytes all journals may hold.
    let maximumBytes: Int
    private let used = Locked(0)

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Adds `delta` bytes (negative when a journal shrank); returns how far over budget all
    /// journals now are (0 when within it).
    @discardableResult
    func add(_ delta: Int) -> Int {
        used.withLock { used in
            used += delta
            return max(0, used - maximumBytes)
        }
    }

    /// The bytes held now.
    var bytes: Int { used.withLock { $0 } }
}
