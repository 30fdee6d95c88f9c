import NIOConcurrencyHelpers
import NIOCore

/// The server's open connections: counted, so those past the limit are turned away, and
/// held, so a shutdown can ask each to finish and then close what is left.
final class ConnectionRegistry: Sendable {
    private struct State {
        var open: [ObjectIdentifier: any Channel] = [:]
        var closed = false
    }

    private let state = NIOLockedValueBox(State())

    /// Counts `channel` in, unless `limit` connections are already open or the server is
    /// shutting down; it leaves the count when it closes.
    func admit(_ channel: any Channel, limit: Int) -> Bool {
        let admitted = state.withLockedValue { state in
            guard !state.closed, state.open.count < limit else { return false }
            state.open[ObjectIdentifier(channel)] = channel
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { [state] _ in
                _ = state.withLockedValue { $0.open.removeValue(forKey: ObjectIdentifier(channel)) }
            }
        }
        return admitted
    }

    /// How many connections are open.
    var count: Int { state.withLockedValue { $0.open.count } }

    /// Admits nothing more and returns the connections open now.
    func closeDoors() -> [any Channel] {
        state.withLockedValue { state in
            state.closed = true
            return Array(state.open.values)
        }
    }
}
