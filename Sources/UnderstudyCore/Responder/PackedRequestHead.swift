/// What a request sent before its body (method, target, header fields) packed into one byte
/// array, as the journal keeps it.
///
/// A journal entry is freed about a thousand requests after it was made, when its memory is
/// cold and perhaps by the other event loop: one block to free then, instead of the target's
/// string, the header array and each header's strings. The request's own strings are freed
/// while still warm, as soon as it is answered.
struct PackedRequestHead: Sendable {
    /// Each part as its byte count (4 bytes, little-endian) and its UTF-8 bytes: the method,
    /// the target, then each header's name and value.
    private let bytes: [UInt8]

    init(method: String, target: String, headers: [HeaderField]) {
        // Fields read by index: `for field in headers` copied some of them (about 2 retains and
        // releases more per request, bench/mix/count-retains.sh).
        var total = 8 + method.utf8.count + target.utf8.count
        for index in headers.indices { total += 8 + headers[index].name.utf8.count + headers[index].value.utf8.count }
        bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            let start = buffer.baseAddress!
            var end = Self.put(method, at: start)
            end = Self.put(target, at: end)
            for index in headers.indices {
                end = Self.put(headers[index].name, at: end)
                end = Self.put(headers[index].value, at: end)
            }
            initialized = end - start
        }
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
    var method: String { parts(upTo: 1)[0] }
    /// The target as sent.
    var target: String { parts(upTo: 2)[1] }
    /// The header fields, in the order received.
    var headers: [HeaderField] {
        let all = parts(upTo: .max)
        return stride(from: 2, to: all.count - 1, by: 2).map { HeaderField(name: all[$0], value: all[$0 + 1]) }
    }

    /// The first `limit` parts, decoded.
    private func parts(upTo limit: Int) -> [String] {
        bytes.withUnsafeBufferPointer { buffer in
            var parts: [String] = []
            var offset = 0
            while offset < buffer.count && parts.count < limit {
                var count = 0
                for shift in 0..<4 { count |= Int(buffer[offset + shift]) << (8 * shift) }
                offset += 4
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)]), as: UTF8.self))
                offset += count
            }
            return parts
        }
    }
}
