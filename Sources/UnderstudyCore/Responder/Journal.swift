import Foundation

/// What happened to one request, as the journal keeps it. Credentials are redacted.
public struct JournalEntry: Sendable {
    /// Who answered a request.
    public enum Answer: Sendable, Hashable {
        /// A loaded fixture, by file.
        case fixture(String)
        /// The real provider, while recording: the exchange was written as this fixture.
        case recorded(String)
        /// The real provider, while recording, whose answer could not be a fixture: passed on, not written.
        case forwarded(reason: String)
        /// Nobody: the upstream gave no usable answer while recording (a 502), for this reason.
        case upstreamFailure(reason: String)
        /// The provider's contract or behaviours, with the pack answer's name (`yelp: validationError`).
        case provider(String)
        /// No fixture: the closest ones and why each failed.
        case miss([NearMiss])
    }

    /// Position in the order received, from 1; counts on across evictions from the buffer.
    public let sequence: Int
    /// When it was answered.
    public let time: Date
    /// The method.
    public let method: String
    /// The request target as received; read it through `target`.
    let rawTarget: String
    /// The request target, with secret query values replaced by `REDACTED`. Redacted when
    /// read rather than when recorded, to keep the cost off the hot path.
    public var target: String { Redaction.target(rawTarget) }
    /// The status answered.
    public let status: Int
    /// Who answered.
    public let answer: Answer
    /// How the request broke its provider's contract, if it did.
    public let violation: ContractViolation?

    /// The fixture that answered (loaded, or recorded by this request), or `nil`.
    public var fixture: String? {
        switch answer {
        case .fixture(let file), .recorded(let file): file
        default: nil
        }
    }
    /// For a miss: the closest fixtures and why each failed.
    public var nearMisses: [NearMiss]? {
        if case .miss(let nearMisses) = answer { return nearMisses }
        return nil
    }
    /// The provider answer a contract or behaviour gave instead of a fixture (`yelp: validationError`).
    public var answeredBy: String? {
        if case .provider(let name) = answer { return name }
        return nil
    }
    /// Whether no fixture matched.
    public var isMiss: Bool { nearMisses != nil }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "sequence": .number(JSONNumber(sequence)),
            "time": .string(ISO8601DateFormatter().string(from: time)),
            "method": .string(method),
            "target": .string(target),
            "status": .number(JSONNumber(status)),
        ]
        switch answer {
        case .fixture(let file): members["fixture"] = .string(file)
        case .recorded(let file):
            members["fixture"] = .string(file)
            members["recorded"] = true
        case .forwarded(let reason): members["forwarded"] = .string(reason)
        case .upstreamFailure(let reason): members["upstreamFailure"] = .string(reason)
        case .provider(let name): members["answeredBy"] = .string(name)
        case .miss(let nearMisses): members["nearMisses"] = .array(nearMisses.map(\.json))
        }
        if let violation { members["violation"] = violation.json }
        return .object(members)
    }
}

/// A bounded record of requests: the most recent ones, and separately the most recent
/// misses, so a burst of matched traffic cannot push a miss out of sight.
public final class Journal: Sendable {
    /// How many entries each buffer keeps.
    public let capacity: Int
    private let state: Locked<State>

    private struct State {
        var received = 0
        var misses = 0
        var violationCount = 0
        var entries: RingBuffer<JournalEntry>
        var unmatched: RingBuffer<JournalEntry>
        var violations: RingBuffer<JournalEntry>
    }

    public init(capacity: Int = 1000) {
        self.capacity = max(1, capacity)
        state = Locked(Self.empty(capacity: max(1, capacity)))
    }

    private static func empty(capacity: Int) -> State {
        State(entries: RingBuffer(capacity: capacity), unmatched: RingBuffer(capacity: capacity), violations: RingBuffer(capacity: capacity))
    }

    func record(method: String, target: String, status: Int, answer: JournalEntry.Answer, violation: ContractViolation? = nil) {
        let now = Date()
        state.withLock { state in
            state.received += 1
            let entry = JournalEntry(
                sequence: state.received, time: now, method: method, rawTarget: target, status: status, answer: answer, violation: violation)
            state.entries.append(entry)
            if entry.isMiss {
                state.misses += 1
                state.unmatched.append(entry)
            }
            if violation != nil {
                state.violationCount += 1
                state.violations.append(entry)
            }
        }
    }

    /// The kept entries, oldest first.
    public var entries: [JournalEntry] { state.withLock { $0.entries.elements } }
    /// The kept misses, oldest first.
    public var unmatched: [JournalEntry] { state.withLock { $0.unmatched.elements } }
    /// Requests received since the last reset, including those no longer kept.
    public var receivedCount: Int { state.withLock { $0.received } }
    /// Misses since the last reset, including those no longer kept.
    public var missCount: Int { state.withLock { $0.misses } }
    /// The kept requests that broke their provider's contract, oldest first.
    public var violations: [JournalEntry] { state.withLock { $0.violations.elements } }
    /// Contract violations since the last reset, including those no longer kept.
    public var violationCount: Int { state.withLock { $0.violationCount } }

    /// Forgets everything.
    public func reset() {
        state.withLock { state in
            state = Self.empty(capacity: capacity)
        }
    }
}

/// A fixed-capacity buffer that overwrites its oldest element.
struct RingBuffer<Element> {
    private var storage: [Element] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[next] = element
        }
        next = (next + 1) % capacity
    }

    var elements: [Element] {
        storage.count < capacity ? storage : Array(storage[next...] + storage[..<next])
    }
}

extension NearMiss {
    var json: JSONValue {
        .object([
            "fixture": .string(file),
            "mismatches": .array(mismatches.map { mismatch in
                .object(["condition": .string(mismatch.condition), "expected": .string(mismatch.expected), "actual": .string(mismatch.actual)])
            }),
        ])
    }
}
