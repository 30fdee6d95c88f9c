import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Recorded bodies with their times moved, kept for the next answer of the same body.
///
/// A responder moves a recorded answer's times by a shift fixed for its life (`TimeShift`), so
/// one recorded body always moves to the same bytes, and moving it is a JSON parse and write:
/// half the time of a recorded Yelp reviews answer. A body is known by its storage's address.
/// The entry holds the recorded array, so that storage cannot be freed and its address reused
/// while the entry lives; a fixture's bytes are never written in place, and a body read from its
/// file again (past the body cache's budget, `BodyStore`) comes in new storage and is moved afresh.
final class ShiftedBodies: Sendable {
    private struct Key: Hashable {
        let address: UInt
        let count: Int
        let seconds: TimeInterval
        let operation: String
    }

    private struct Table {
        var entries: [Key: (recorded: [UInt8], moved: [UInt8])] = [:]
        var bytes = 0
    }

    private let table = Locked(Table())
    /// The most moved bytes kept; past it the table starts over, so bodies that do not fit
    /// are moved per answer, as before, and never take more memory than this.
    let budget: Int

    init(budget: Int = 16 << 20) {
        self.budget = budget
    }

    /// `recorded` moved by `seconds` for an answer of `operation`: kept from the last time, or
    /// made by `move` (`nil` when `move` leaves the body as recorded).
    func moved(_ recorded: [UInt8], by seconds: TimeInterval, for operation: String, _ move: ([UInt8]) -> [UInt8]?) -> [UInt8]? {
        let key = recorded.withUnsafeBufferPointer { Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count, seconds: seconds, operation: operation) }
        if let kept = table.withLock({ $0.entries[key]?.moved }) { return kept }
        guard let moved = move(recorded) else { return nil }
        guard moved.count <= budget / 4 else { return moved }
        table.withLock { table in
            if table.bytes + moved.count > budget { table = Table() }
            table.entries[key] = (recorded, moved)
            table.bytes += moved.count
        }
        return moved
    }

    /// How many moved bodies are kept.
    var count: Int { table.withLock { $0.entries.count } }
}
