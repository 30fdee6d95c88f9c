import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// How the journal packs what a request sent before its body (method, target, header fields)
/// into the bytes at the end of its entry's one allocation (see `JournalEntry`).
///
/// A journal entry is freed about a thousand requests after it was made, when its memory is
/// cold and perhaps by the other event loop: one block to free then, instead of the target's
/// string, the header array and each header's strings. The request's own strings are freed
/// while still warm, as soon as it is answered.
///
/// Each part is its byte count (4 bytes, little-endian) and its UTF-8 bytes: the method, the
/// target, then each header's name and value.
enum PackedRequestHead {
    /// How many bytes `pack` writes for these parts.
    static func byteCount(method: String, target: String, headers: [HeaderField]) -> Int {
        // Fields read by index: `for field in headers` copied some of them (about 2 retains and
        // releases more per request, bench/mix/count-retains.sh).
        var total = 8 + method.utf8.count + target.utf8.count
        for index in headers.indices { total += 8 + headers[index].name.utf8.count + headers[index].value.utf8.count }
        return total
    }

    /// Writes the parts at `start`, which has room for `byteCount` bytes; returns how many it wrote.
    static func pack(method: String, target: String, headers: [HeaderField], at start: UnsafeMutablePointer<UInt8>) -> Int {
        var end = put(method, at: start)
        end = put(target, at: end)
        for index in headers.indices {
            end = put(headers[index].name, at: end)
            end = put(headers[index].value, at: end)
        }
        return end - start
    }

    /// Writes `text`'s byte count and bytes at `position`; returns where the next part goes.
    private static func put(_ text: String, at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        text.withContiguousUTF8 { part in
            let count = UInt32(part.count).littleEndian
            withUnsafeBytes(of: count) { UnsafeMutableRawPointer(position).copyMemory(from: $0.baseAddress!, byteCount: 4) }
            if let source = part.baseAddress, !part.isEmpty { (position + 4).update(from: source, count: part.count) }
            return position + 4 + part.count
        }
    }

    /// The method.
    static func method(in packed: UnsafeBufferPointer<UInt8>) -> String { parts(of: packed, upTo: 1)[0] }
    /// The target as sent.
    static func target(in packed: UnsafeBufferPointer<UInt8>) -> String { parts(of: packed, upTo: 2)[1] }
    /// The header fields, in the order received.
    static func headers(in packed: UnsafeBufferPointer<UInt8>) -> [HeaderField] {
        let all = parts(of: packed, upTo: .max)
        return stride(from: 2, to: all.count - 1, by: 2).map { HeaderField(name: all[$0], value: all[$0 + 1]) }
    }

    /// The first `limit` parts, decoded.
    private static func parts(of packed: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> [String] {
        var parts: [String] = []
        var offset = 0
        while offset < packed.count && parts.count < limit {
            var count = 0
            for shift in 0..<4 { count |= Int(packed[offset + shift]) << (8 * shift) }
            offset += 4
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: packed[offset..<(offset + count)]), as: UTF8.self))
            offset += count
        }
        return parts
    }
}
