import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// What a request's method and target decided, kept for the next request with the same ones:
/// where the contracts place it and, when the fixtures it could match read no more of it than
/// some headers (not its body, nor a scenario's state), the fixture that answers it with those
/// headers' values. An app sends the same few targets with the same credential again and again,
/// and a hit spares routing, the contract's form and the index lookup. An entry also remembers
/// how the last credential text was judged and what the last answer body issued, each with the
/// text or body itself, so a new credential or body is judged anew; quotas, issued tokens,
/// sessions, sequences and the journal are still decided on every request.
///
/// One event loop keeps its own, so a hit takes no lock and writes nothing another core reads:
/// never share one between threads. A fixed number of slots, a target in either of two, so
/// ever-new targets never cost memory; and a target is kept the second time it comes, so a
/// crawl of ever-new targets costs no more than writing down each one's hash.
package final class TargetMemo: @unchecked Sendable {  // used by one thread at a time
    /// What one method and target decided.
    final class Entry {
        let method: String
        let target: String
        /// Where the contracts place the request; `nil` without contracts.
        let placement: ContractPlacement?
        /// The fixture that answers every request with this method and target and these
        /// `headers`; `nil` when that depends on more than them, or none answers.
        let fixture: Fixture?
        /// The headers the fixture's choice read, each with the values the request had for it in order.
        let headers: [(name: String, values: [String])]
        /// The target's decoded path and query, which a later request reuses (not the request
        /// itself, whose body may be large).
        let path: String
        let query: QueryParameters
        /// What the last answer to this method and target issued, with the body it was read from.
        /// Made when first asked for, as `credentials` is: without contracts neither is, and
        /// the two were a third of a kept target's memory.
        private(set) lazy var reading = AnswerReading()
        /// How the last credential sent with this method and target was judged, with its text.
        private(set) lazy var credentials = CredentialJudgement()
        /// Whether answers on the request's path are timed, for fixtures answering requests
        /// made too early (`FixtureIndex.timesAnswers`): a lookup by path, made once.
        let timed: Bool

        /// What `request` decided: its placement, and `fixture` when the lookup that found it
        /// read (`reads`) only headers besides the method and target.
        init(_ request: Request, placement: ContractPlacement?, fixture: Fixture?, reads: FixtureIndex.MatchReads, timed: Bool) {
            self.timed = timed
            method = request.method
            target = request.target
            path = request.path
            query = request.query
            self.placement = placement
            let values = reads.headerNames.map { ($0, request.headerValues($0)) }
            // A value past the bound is not kept: the fixture is then looked up every time, and a
            // client sending ever-new large headers cannot fill the memo with them.
            let known = !reads.beyondHeaders && values.allSatisfy { $0.1.allSatisfy { $0.utf8.count <= TargetMemo.maximumKeptValueBytes } }
            self.fixture = known ? fixture : nil
            headers = known ? values : []
            let sent = method.utf8.count + target.utf8.count + path.utf8.count + query.pairs.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
            let kept = headers.reduce(0) { $0 + $1.name.utf8.count + $1.values.reduce(0) { $0 + $1.utf8.count } }
            cost = TargetMemo.entryOverheadBytes + sent + kept + CredentialJudgement.maximumKeptSourceBytes
        }

        /// The bytes the entry may hold for what clients sent: its method, target, decoded path
        /// and query, the header values kept, and a credential text up to the bound
        /// `CredentialJudgement` keeps (what the entry shares with the fixtures is not counted).
        let cost: Int

        /// Whether a request of `method`, `target` and `fields` has this method and target, byte
        /// for byte, and the same values for the headers the fixture's choice read.
        func holds(method: String, target: String, headers fields: [HeaderField]) -> Bool {
            guard TargetBytes.sameBytes(self.target, target), TargetBytes.sameBytes(self.method, method) else { return false }
            for (name, values) in headers where !Self.has(values, for: name, in: fields) { return false }
            return true
        }

        /// Whether the fields named `name` in `fields` have exactly `values`, in order, byte for byte.
        private static func has(_ values: [String], for name: String, in fields: [HeaderField]) -> Bool {
            var next = 0
            for index in fields.indices where fields[index].hasName(name) {
                guard next < values.count, TargetBytes.sameBytes(fields[index].value, values[next]) else { return false }
                next += 1
            }
            return next == values.count
        }
    }

    /// How many targets a memo keeps at least, and at most (powers of two).
    static let slotCounts = (least: 512, most: 1 << 14)

    /// How many targets a memo of a tree of `fixtureCount` fixtures keeps: twice as many as
    /// fixtures within `slotCounts`, so that an app crawling a recorded tree of thousands of
    /// targets finds each one kept (with 512 slots, the kit's 10,000 targets nearly never
    /// were). Ever-new targets still cost no memory beyond the slots' hashes; a target kept
    /// costs under a kilobyte.
    static func slotCount(forFixtures fixtureCount: Int) -> Int {
        var count = slotCounts.least
        while count < slotCounts.most, count < 2 * fixtureCount { count *= 2 }
        return count
    }

    /// The responder whose decisions these are: a memo is only ever read by it.
    let responder: Responder
    /// How many targets are kept (a power of two).
    let slotCount: Int
    private var slots: [Entry?]
    /// The hashes of targets that came, each in one of its two slots' cells.
    private var seen: [UInt64]
    /// The request `request(method:target:headers:body:fromLoopback:)` made last, with what
    /// its lookup found: `visit` of that very request, which comes next, reuses the lookup
    /// instead of hashing the target and comparing it and the headers again.
    private var lastMade: (request: Request, entry: Entry?, hash: UInt64)?
    /// A request with a larger body is not held until its visit.
    static let maximumHeldBodyBytes = 64 << 10

    init(of responder: Responder, maximumBytes: Int = TargetMemo.defaultMaximumBytes) {
        self.responder = responder
        self.maximumBytes = maximumBytes
        slotCount = Self.slotCount(forFixtures: responder.index.fixtures.count)
        slots = Array(repeating: nil, count: slotCount)
        seen = Array(repeating: 0, count: slotCount)
    }

    /// What is kept for `request`'s method and target (and headers), or the slot to keep it
    /// in when it came before; `nil` for a target too long to keep (`TargetBytes.maximumCount`).
    ///
    /// A target may sit in either of two slots its hash picks, so two targets an app sends in
    /// turn rarely keep replacing each other, nor the same target with other headers.
    func visit(_ request: Request) -> Visit? {
        let hash: UInt64
        if let made = lastMade, made.request.isSame(as: request) {
            lastMade = nil
            if let entry = made.entry { return Visit(kept: entry, slot: nil) }
            hash = made.hash
        } else {
            guard let hashed = TargetBytes.hash(of: request.target) else { return nil }
            if let entry = entry(method: request.method, target: request.target, headers: request.headers, hash: hashed) { return Visit(kept: entry, slot: nil) }
            hash = hashed
        }
        let (first, second) = slots(of: hash)
        guard cameBefore(hash, first, second) else { return Visit(kept: nil, slot: nil) }
        return Visit(kept: nil, slot: slots[first] == nil ? first : slots[second] == nil ? second : (hash >> 63 == 0 ? first : second))
    }

    /// Whether a target of `hash` came before; notes it when it did not.
    ///
    /// Its hash is noted in either of its two slots' cells: with one cell, two targets sharing
    /// it that an app sends in turn (a crawl replayed in a loop) would overwrite each other
    /// every time, and neither would ever be kept.
    private func cameBefore(_ hash: UInt64, _ first: Int, _ second: Int) -> Bool {
        if seen[first] == hash || seen[second] == hash { return true }
        seen[seen[first] == 0 || seen[second] != 0 ? first : second] = hash
        return false
    }

    /// The request of these parts, its target decoded once: when an entry is kept for its
    /// method, target and headers, their path and query are the entry's (decoding every
    /// target anew was 2 % of a request's CPU on the app mix).
    package func request(method: String, target: String, headers: [HeaderField], body: [UInt8], fromLoopback: Bool) -> Request {
        guard let hash = TargetBytes.hash(of: target) else {
            lastMade = nil
            return Request(method: method, target: target, headers: headers, body: body, fromLoopback: fromLoopback)
        }
        let entry = entry(method: method, target: target, headers: headers, hash: hash)
        let made =
            entry.map { Request(method: method, target: target, headers: headers, body: body, fromLoopback: fromLoopback, path: $0.path, query: $0.query) }
            ?? Request(method: method, target: target, headers: headers, body: body, fromLoopback: fromLoopback)
        lastMade = body.count <= Self.maximumHeldBodyBytes ? (made, entry, hash) : nil
        return made
    }

    /// What is kept for `request`, without noting that it came.
    func kept(_ request: Request) -> Entry? {
        TargetBytes.hash(of: request.target).flatMap { entry(method: request.method, target: request.target, headers: request.headers, hash: $0) }
    }

    private func entry(method: String, target: String, headers: [HeaderField], hash: UInt64) -> Entry? {
        let (first, second) = slots(of: hash)
        if let entry = slots[first], entry.holds(method: method, target: target, headers: headers) { return entry }
        if let entry = slots[second], entry.holds(method: method, target: target, headers: headers) { return entry }
        return nil
    }

    /// The two slots a target's hash picks.
    ///
    /// The hash is mixed first: a target's last bytes reach only the low bits of
    /// `StableHash.words`, so targets differing in their ends (`/places/1`, `/places/2`) would
    /// crowd into a few first slots.
    func slots(of hash: UInt64) -> (Int, Int) {
        let mixed = StableHash.avalanche(hash)
        return (Int(truncatingIfNeeded: mixed) & (slotCount - 1), Int(truncatingIfNeeded: mixed >> 32) & (slotCount - 1))
    }

    /// Keeps `entry` in `slot`, in place of what the slot held, unless that would take the
    /// memo past its byte budget (then the request's target is simply not remembered).
    func keep(_ entry: Entry, at slot: Int) {
        let freed = slots[slot]?.cost ?? 0
        let bytes = keptBytes - freed + entry.cost
        guard bytes <= maximumBytes else { return }
        slots[slot] = entry
        keptBytes = bytes
    }

    /// The bytes the kept entries may hold (`Entry.cost` summed), at most `maximumBytes`.
    private(set) var keptBytes = 0
    /// The memo's byte budget: each event loop keeps one memo.
    let maximumBytes: Int
    /// The default byte budget of a memo.
    static let defaultMaximumBytes = 32 << 20
    /// A header value longer than this is not kept: the request then takes the lookup.
    static let maximumKeptValueBytes = 1024
    /// What an entry costs beyond the bytes it holds (its objects and arrays), estimated.
    static let entryOverheadBytes = 256

    /// What a request found in the memo.
    struct Visit {
        /// The entry for its method and target (and headers), when one is kept.
        let kept: Entry?
        /// Where to keep an entry for it: `nil` when one is kept or the target is new.
        let slot: Int?
    }
}
