import NIOConcurrencyHelpers
import NIOCore

/// Open connections, so the server can turn away those past its limit.
final class ConnectionCount: Sendable {
    private let open = NIOLockedValueBox(0)

    /// Counts a new connection; false (and not counted) when `limit` are already open.
    func admit(limit: Int) -> Bool {
        open.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func release() {
        open.withLockedValue { $0 -= 1 }
    }
}
