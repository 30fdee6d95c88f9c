import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// A session's record of requests, read as the test or the admin API sees it: the most
/// recent requests, and separately the most recent misses and contract violations, so a burst
/// of matched traffic cannot push a miss out of sight.
///
/// A view of its session: what it reads is the session's state at that moment.
public struct Journal: Sendable {
    let session: ResponderSession

    /// How many entries each of its buffers keeps.
    public var capacity: Int { session.read { $0.journal.capacity } }
    /// The kept entries, oldest first.
    public var entries: [JournalEntry] { session.read { $0.journal.entries.elements } }
    /// The kept misses, oldest first.
    public var unmatched: [JournalEntry] { session.read { $0.journal.unmatched.elements } }
    /// Requests received since the last reset, including those no longer kept.
    public var receivedCount: Int { session.read { $0.journal.received } }
    /// Misses since the last reset, including those no longer kept.
    public var missCount: Int { session.read { $0.journal.misses } }
    /// The kept requests that broke their provider's contract, oldest first.
    public var violations: [JournalEntry] { session.read { $0.journal.violations.elements } }
    /// Contract violations since the last reset, including those no longer kept.
    public var violationCount: Int { session.read { $0.journal.violationCount } }
}

/// What a journal holds, as a value inside its session's state: three bounded buffers and the
/// counts that outlive them.
///
/// Bounded twice: by entries per buffer (`capacity`) and, with the other sessions of its
/// responder, by bytes (see `JournalBudget`), since one entry can carry a 64 KB target.
struct JournalRecords {
    let capacity: Int
    var received = 0
    var misses = 0
    var violationCount = 0
    var entries: RingBuffer<JournalEntry>
    var unmatched: RingBuffer<JournalEntry>
    var violations: RingBuffer<JournalEntry>
    /// The estimated bytes of the kept entries (an entry in two buffers counts twice).
    private(set) var bytes = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        entries = RingBuffer(capacity: self.capacity)
        unmatched = RingBuffer(capacity: self.capacity)
        violations = RingBuffer(capacity: self.capacity)
    }

    /// Keeps `entry`; returns how many bytes the journal grew by (negative when it shrank).
    mutating func append(_ entry: JournalEntry) -> Int {
        let before = bytes
        received += 1
        // Each buffer by name, not by key path: this runs for every request, under the lock.
        Self.keep(entry, in: &entries, bytes: &bytes)
        if entry.isMiss {
            misses += 1
            Self.keep(entry, in: &unmatched, bytes: &bytes)
        }
        if entry.hasViolation {
            violationCount += 1
            Self.keep(entry, in: &violations, bytes: &bytes)
        }
        return bytes - before
    }

    private static func keep(_ entry: JournalEntry, in buffer: inout RingBuffer<JournalEntry>, bytes: inout Int) {
        bytes += entry.estimatedBytes
        if let overwritten = buffer.append(entry) { bytes -= overwritten.estimatedBytes }
    }

    /// Drops the oldest kept entry, from the general buffer first (misses and violations are
    /// what a reader looks for), keeping at least `keeping` entries in each buffer; returns the
    /// bytes freed, 0 when there is nothing left to drop.
    mutating func dropOldest(keeping: Int) -> Int {
        for buffer in [\JournalRecords.entries, \.unmatched, \.violations] where self[keyPath: buffer].count > keeping {
            guard let dropped = self[keyPath: buffer].removeFirst() else { continue }
            bytes -= dropped.estimatedBytes
            return dropped.estimatedBytes
        }
        return 0
    }
}
