import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The members an answer body issued (a page token, an access token), remembered with the body
/// they were read from: the next answer with that very body (a fixture's, replayed again) is
/// not scanned again. Scanning Google's nearby search answer for its `next_page_token` was an
/// eighth of the CPU of each such request.
///
/// An event loop's `TargetMemo` entry owns one, so it is used by one thread at a time and
/// takes no lock. The same body means the same buffer, not equal bytes: while the reading
/// holds the body, its buffer cannot be freed and reused, nor changed (arrays copy on write).
package final class AnswerReading: @unchecked Sendable {  // used by one thread at a time
    private var body: [UInt8] = []
    private var members: [String: JSONValue]?

    package init() {}

    /// Bodies larger than this are read on every answer rather than kept alive by the memo
    /// (a generated answer's body is new each time, so nothing is gained by keeping it).
    package static let maximumKeptBytes = 256 << 10

    /// The members `read` finds in `body`, read once per body.
    package func members(of body: [UInt8], read: () -> [String: JSONValue]?) -> [String: JSONValue]? {
        if !body.isEmpty, Self.sameBuffer(self.body, body) { return members }
        let found = read()
        if !body.isEmpty, body.count <= Self.maximumKeptBytes {
            self.body = body
            members = found
        }
        return found
    }

    /// Whether two arrays share one buffer (an empty one never counts as kept).
    private static func sameBuffer(_ one: [UInt8], _ other: [UInt8]) -> Bool {
        one.count == other.count && one.withUnsafeBufferPointer { first in other.withUnsafeBufferPointer { $0.baseAddress == first.baseAddress } }
    }
}
