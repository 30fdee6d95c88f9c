import Foundation
import UnderstudySupport

/// Open file descriptors kept for body files, so a body that does not fit the memory cache
/// costs one `pread` per request instead of `open`, `fstat`, `read` and `close`.
///
/// How many stay open is bounded by the process's descriptor limit as it is when the first
/// body file is opened, leaving room for sockets: past the bound, files are opened per request.
/// A library never changes the limit itself (that is the host process's decision; the
/// `understudy` command raises it at start).
package enum BodyFileDescriptors {
    private static let available = Locked(initialBudget())

    private static func initialBudget() -> Int {
        guard let limit = Platform.openFileLimit else { return 0 }
        let soft = Int(clamping: min(limit, 1 << 20))
        // Half of what is left after 512 for connections and everything else, at most 16,384.
        return max(0, min(16_384, (soft - 512) / 2))
    }

    /// Takes one descriptor from the budget; false when none is left.
    package static func reserve() -> Bool {
        available.withLock { count in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
    }

    /// Returns one descriptor to the budget.
    package static func release() {
        available.withLock { $0 += 1 }
    }
}
