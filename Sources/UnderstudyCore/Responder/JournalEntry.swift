import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

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
        /// No fixture: an answer built from the contract (`Fallback.contract`), by operation (`google: placeDetails`).
        case generated(String)
    }

    /// What the entry holds, in one box that never changes once the entry is kept: entries
    /// are copied into up to three ring buffers and out again to readers, and a copy is then
    /// one reference count.
    private struct Fields {
        /// Set once, under the session's lock, before the entry is kept (see `numbered`).
        var sequence = 0
        let time: Date
        /// Empty when the body is longer than `keptBodyBytes`.
        let body: [UInt8]
        let bodyByteCount: Int
        let status: Int
        let answer: Answer
        let violation: ContractViolation?
        /// The SKU the real provider would bill the request at, for a pack that prices requests.
        let charge: Charge?
        /// Computed once: the journal adds it when keeping the entry and subtracts it when dropping it.
        let estimatedBytes: Int
        /// How many bytes of the box's tail hold the packed request head.
        let headByteCount: Int
    }

    /// The fields, and after them in the same allocation what the request sent (not the
    /// request itself: its decoded path and query would live as long as the entry, and be
    /// freed a thousand requests later, cold), packed by `PackedRequestHead`: one block to
    /// allocate and to free, where a separate byte array was two.
    private final class Storage: ManagedBuffer<Fields, UInt8> {
        /// Reads the packed head.
        func withHead<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            withUnsafeMutablePointers { fields, bytes in body(UnsafeBufferPointer(start: bytes, count: fields.pointee.headByteCount)) }
        }
    }
    // Sendable though a `ManagedBuffer` is not: the fields' one `var`, `sequence`, is set before
    // the entry is shared, and the tail's bytes are written only while it is made.
    nonisolated(unsafe) private let storage: Storage

    /// Position in the order received, from 1; counts on across evictions from the buffer.
    public var sequence: Int { storage.header.sequence }
    /// When it was answered.
    public var time: Date { storage.header.time }
    /// The method.
    public var method: String { storage.withHead(PackedRequestHead.method(in:)) }
    /// The request target as received; read it through `target`.
    var rawTarget: String { storage.withHead(PackedRequestHead.target(in:)) }
    /// The request target, with secret query values replaced by `REDACTED`. Redacted when
    /// read rather than when recorded, to keep the cost off the hot path.
    public var target: String { Redaction.shapesRedacted(Redaction.target(rawTarget)) }
    /// The header fields as received; read them through `headers`.
    var rawHeaders: [HeaderField] { storage.withHead(PackedRequestHead.headers(in:)) }
    /// The header fields, credentials' values replaced (`Authorization: Bearer REDACTED`).
    public var headers: [HeaderField] {
        rawHeaders.map { HeaderField(name: $0.name, value: Redaction.shapesRedacted(Redaction.headerValue(name: $0.name, value: $0.value))) }
    }
    /// The first `keptBodyBytes` of the body; read them through `body`.
    var rawBody: [UInt8] { storage.header.body }
    /// How many bytes the body had.
    public var bodyByteCount: Int { storage.header.bodyByteCount }
    /// The body as it may be shown, by the miss reports' rules (`Redaction.body(of:)`): secret
    /// form, multipart and JSON fields replaced, a body that may hold a credential otherwise not
    /// shown; a body longer than `keptBodyBytes` is shown by its size only, an empty one as "".
    public var body: String {
        if bodyByteCount > rawBody.count { return "(\(bodyByteCount) bytes, not kept)" }
        if rawBody.isEmpty { return "" }
        let contentType = rawHeaders.first { $0.hasName("Content-Type") }?.value ?? ""
        return Redaction.body(rawBody, contentType: contentType, previewLength: Self.keptBodyBytes)
    }
    /// How much of a request body the journal keeps: enough for the form and JSON bodies of the
    /// providers' POSTs, not an upload.
    static let keptBodyBytes = 4096
    /// The status answered.
    public var status: Int { storage.header.status }
    /// Who answered.
    public var answer: Answer { storage.header.answer }
    /// How the request broke its provider's contract, if it did.
    public var violation: ContractViolation? { storage.header.violation }
    /// The SKU the real provider would bill the request at (`Place Details Pro`), with the
    /// mask's paths that raised it; `nil` for a provider that does not price by the fields.
    package var charge: Charge? { storage.header.charge }
    /// The SKU the real provider would bill the request at, e.g. `Text Search Pro`.
    public var sku: String? { storage.header.charge?.sku }
    /// About how many bytes the entry holds (see `estimate`).
    var estimatedBytes: Int { storage.header.estimatedBytes }

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
    public var isMiss: Bool {
        // Without binding the near misses: the journal asks for every request it keeps.
        if case .miss = storage.header.answer { return true }
        return false
    }
    /// Whether the request broke its provider's contract (without copying the violation out).
    var hasViolation: Bool { storage.header.violation != nil }
    /// The operation whose contract built the answer (`google: placeDetails`), when no fixture matched and the fallback answered.
    public var generatedBy: String? {
        if case .generated(let operation) = answer { return operation }
        return nil
    }

    /// An entry for `request`, numbered 0 until `numbered(_:)`: packing what it sent needs no
    /// lock, numbering it does.
    init(time: Date, request: Request, status: Int, answer: Answer, violation: ContractViolation?, charge: Charge? = nil) {
        let method = request.method, target = request.target, headers = request.headers
        let headByteCount = PackedRequestHead.byteCount(method: method, target: target, headers: headers)
        let bodyByteCount = request.body.count
        let body = bodyByteCount <= Self.keptBodyBytes ? request.body : []
        let fields = Fields(
            time: time, body: body, bodyByteCount: bodyByteCount, status: status, answer: answer, violation: violation, charge: charge,
            estimatedBytes: Self.estimate(headByteCount: headByteCount, headerCount: headers.count, body: body, answer: answer, violation: violation)
                + (charge.map { 64 + $0.sku.utf8.count + $0.raisedBy.reduce(0) { $0 + 16 + $1.utf8.count } } ?? 0),
            headByteCount: headByteCount)
        let box = Storage.create(minimumCapacity: headByteCount) { _ in fields }
        storage = unsafeDowncast(box, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { start in
            _ = PackedRequestHead.pack(method: method, target: target, headers: headers, at: start)
        }
    }

    /// The same entry as number `sequence`; called once, before the entry is kept.
    func numbered(_ sequence: Int) -> JournalEntry {
        storage.header.sequence = sequence
        return self
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "sequence": .number(JSONNumber(sequence)),
            "time": .string(ISO8601Time.string(from: time)),
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
        case .generated(let operation): members["generated"] = .string(operation)
        }
        if let violation { members["violation"] = violation.json }
        if let charge {
            members["billing"] = .object([
                "sku": .string(charge.sku), "tier": .string(charge.tier), "raisedBy": .array(charge.raisedBy.map(JSONValue.string)),
            ])
        }
        members["request"] = .object([
            "headers": .array(headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) }),
            "body": .string(body), "bodyBytes": .number(JSONNumber(bodyByteCount)),
        ])
        return .object(members)
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

extension JournalEntry {
    /// About how many bytes the entry holds: what bounds a journal's memory, since one entry
    /// can carry a 64 KB target and near misses quoting long values.
    ///
    /// 160 bytes, the method, target and body, and 32 bytes with each header's name and value:
    /// read from the packed head's size, which holds each part's bytes after 4 of its count.
    fileprivate static func estimate(headByteCount: Int, headerCount: Int, body: [UInt8], answer: Answer, violation: ContractViolation?) -> Int {
        var bytes = 152 + headByteCount + 24 * headerCount + body.count
        switch answer {
        case .fixture(let text), .recorded(let text), .provider(let text), .forwarded(let text), .upstreamFailure(let text), .generated(let text):
            bytes += text.utf8.count
        case .miss(let nearMisses):
            for nearMiss in nearMisses {
                bytes += 48 + nearMiss.file.utf8.count
                for mismatch in nearMiss.mismatches {
                    bytes += 48 + mismatch.condition.utf8.count + mismatch.expected.utf8.count + mismatch.actual.utf8.count
                }
            }
        }
        if let violation { bytes += 96 + violation.detail.utf8.count + (violation.parameter?.utf8.count ?? 0) }
        return bytes
    }
}
