import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Answers one event loop has encoded, written again as they are: a fixture's answer that
/// comes back with the very same field list and body (the same arrays, not equal ones) is the
/// same bytes, so its buffer is shared instead of encoded and copied again. NIO writes a
/// shared buffer as it writes any other, from its readable bytes.
///
/// An answer is kept the second time its arrays are seen, so answers made anew for each
/// request (templates, shifted times) do not fill it, and only while `budget` lasts: nothing is
/// evicted. An entry holds the arrays it was keyed by, so their memory cannot be reused by
/// other arrays while it is kept. An answer with fields that replace its own (counted quotas,
/// new on every request) is kept cut around them, and only those fields are encoded anew.
/// Bodies left in their files, dribbles and faults are always encoded.
final class EncodedAnswers: @unchecked Sendable {  // used on its event loop only
    /// The most bytes of encoded answers kept.
    let budget: Int
    private var entries: [Key: Entry] = [:]
    private var cuts: [Key: Cut] = [:]
    private var bytes = 0
    /// Set when an answer seen twice did not fit and little room is left: from then on nothing
    /// more is looked for.
    private var full = false
    /// Keys seen once and not kept yet; forgotten in bulk when many, so it stays small.
    private var sighted = Set<Key>()

    /// How many answers are kept, whole or cut.
    var keptCount: Int { entries.count + cuts.count }

    /// Per event loop: the bundled apps' answers take about 500 KB of buffers. A larger corpus
    /// gains little from it (most of its answers are not kept) and pays in memory.
    static let standardBudget = 1 << 20

    init(budget: Int = EncodedAnswers.standardBudget) {
        self.budget = budget
    }

    private struct Key: Hashable {
        let body: UnsafeRawPointer?
        let bodyCount: Int
        let fields: UnsafeRawPointer?
        let fieldCount: Int
        let status: Int
        /// The one thing of the version the status line tells apart.
        let http10: Bool
        let closing: Bool
        let omitBody: Bool
        /// Kept cut around replacement fields.
        let cut: Bool
    }

    /// Classes, not structs: a lookup then takes one reference, not one per field.
    private final class Entry {
        /// Held so that no other array takes their memory while the key names it.
        let body: [UInt8]
        let fields: [HeaderField]
        let encoded: ByteBuffer

        init(body: [UInt8], fields: [HeaderField], encoded: ByteBuffer) {
            self.body = body
            self.fields = fields
            self.encoded = encoded
        }
    }

    /// An answer cut around the fields replacing some of its own.
    private final class Cut {
        /// Held so that no other array takes their memory while the key names it.
        let body: [UInt8]
        let fields: [HeaderField]
        /// The replacement fields' names, in order: they decide which own fields `before` has.
        let names: [String]
        /// How each replacement field starts, or `nil` for one that may not be sent (`ResponseEncoding.fieldStart`).
        let starts: [[UInt8]?]
        let before: ByteBuffer
        let after: ByteBuffer

        init(body: [UInt8], fields: [HeaderField], names: [String], starts: [[UInt8]?], before: ByteBuffer, after: ByteBuffer) {
            self.body = body
            self.fields = fields
            self.names = names
            self.starts = starts
            self.before = before
            self.after = after
        }

        func fits(_ replacements: [HeaderField]) -> Bool {
            replacements.count == names.count && replacements.indices.allSatisfy { replacements[$0].name == names[$0] }
        }
    }

    /// An answer's bytes: `bytes`, then `kept` when there is one, shared rather than copied
    /// (the large rest of an answer kept cut); both go out in one `writev`.
    struct Encoded {
        var bytes: ByteBuffer
        var kept: ByteBuffer?
    }

    /// From this many bytes, the rest of an answer kept cut is written as its own buffer rather
    /// than copied after the replacements: copying a Yelp search page (25 KB) cost more than a
    /// second write; for the mix's small answers it was even (6 rounds, no difference).
    static let sharedRestBytes = 16 << 10

    /// `response` encoded as `ResponseEncoding.encode` encodes it, in one buffer or two.
    func encoded(_ response: Response, version: HTTPVersion, closing: Bool, omitBody: Bool, allocator: ByteBufferAllocator) -> Encoded {
        guard response.fileBody == nil, response.dribble == nil, response.fault == nil else {
            return Encoded(bytes: ResponseEncoding.encode(response, version: version, closing: closing, omitBody: omitBody, allocator: allocator))
        }
        let body = response.body, fields = response.ownHeaders, replacements = response.replacements
        let key = Key(
            body: body.withUnsafeBytes { $0.baseAddress }, bodyCount: body.count,
            fields: fields.withUnsafeBytes { $0.baseAddress }, fieldCount: fields.count,
            status: response.status, http10: ResponseEncoding.answersAsHTTP10(version), closing: closing, omitBody: omitBody,
            cut: !replacements.isEmpty)
        if replacements.isEmpty {
            if let entry = entries[key] { return Encoded(bytes: entry.encoded) }
        } else if let cut = cuts[key] {
            guard cut.fits(replacements) else {
                return Encoded(bytes: ResponseEncoding.encode(response, version: version, closing: closing, omitBody: omitBody, allocator: allocator))
            }
            guard cut.after.readableBytes >= Self.sharedRestBytes else {
                return Encoded(bytes: ResponseEncoding.joined(cut.before, cut.after, replacements: replacements, starts: cut.starts, allocator: allocator))
            }
            return Encoded(bytes: ResponseEncoding.replaced(cut.before, replacements: replacements, starts: cut.starts, allocator: allocator), kept: cut.after)
        }
        let encoded = ResponseEncoding.encode(response, version: version, closing: closing, omitBody: omitBody, allocator: allocator)
        guard !full else { return Encoded(bytes: encoded) }
        if sighted.remove(key) != nil {
            keep(response, key: key, encoded: encoded, version: version, closing: closing, omitBody: omitBody, allocator: allocator)
        } else {
            if sighted.count >= 1024 { sighted.removeAll(keepingCapacity: true) }
            sighted.insert(key)
        }
        return Encoded(bytes: encoded)
    }

    /// Keeps `response`'s answer, whole (`encoded`) or cut around its replacement fields,
    /// while the budget lasts.
    private func keep(
        _ response: Response, key: Key, encoded: ByteBuffer, version: HTTPVersion, closing: Bool, omitBody: Bool, allocator: ByteBufferAllocator
    ) {
        // Counted by capacity: a buffer's memory is its size rounded up to a power of two.
        let pieces = key.cut ? ResponseEncoding.cut(response, version: version, closing: closing, omitBody: omitBody, allocator: allocator) : nil
        let size = pieces.map { $0.before.capacity + $0.after.capacity } ?? encoded.capacity
        guard bytes + size <= budget else {
            if budget - bytes < 64 << 10 {
                full = true
                sighted.removeAll()
            }
            return
        }
        bytes += size
        if let pieces {
            let names = response.replacements.map(\.name)
            cuts[key] = Cut(
                body: response.body, fields: response.ownHeaders, names: names, starts: names.map(ResponseEncoding.fieldStart),
                before: pieces.before, after: pieces.after)
        } else {
            entries[key] = Entry(body: response.body, fields: response.ownHeaders, encoded: encoded)
        }
    }
}
