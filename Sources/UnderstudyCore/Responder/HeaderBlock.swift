/// Header fields as the bytes of an HTTP/1.1 header block, `Name: value\r\n` each: a fixture
/// answer's fields are the same on every request, so they are written once per fixture
/// instead of field by field on every answer (each field's strings retained and released,
/// scanned for line breaks and compared with the framing names).
///
/// The fields the server frames itself, and any with a line break, are left out, exactly as
/// the server leaves them out of every answer (`isSendable`).
package final class HeaderBlock: Sendable {
    /// The block's bytes; empty when no field is sent.
    package let bytes: [UInt8]

    package init(_ fields: [HeaderField]) {
        // Built for every answer of every fixture at startup: sized once, copied from the
        // strings' own bytes (appending their UTF-8 views element by element cost 4.5 % of a
        // 10,000-fixture start).
        var sent: [HeaderField] = []
        var count = 0
        for field in fields where Self.isSendable(field) {
            sent.append(field)
            count += field.name.utf8.count + field.value.utf8.count + 4
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for field in sent {
            field.name.withContiguousUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
            field.value.withContiguousUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(13)
            bytes.append(10)
        }
        self.bytes = bytes
    }

    /// Whether the server sends `field` as it is. It frames answers itself, so a fixture's own
    /// framing headers would contradict it; a value with a line break would split the block.
    package static func isSendable(_ field: HeaderField) -> Bool {
        !field.hasName("content-length") && !field.hasName("transfer-encoding") && !field.hasName("connection")
            && !hasLineBreak(field.name) && !hasLineBreak(field.value)
    }

    /// Whether `text` holds a CR or LF, read from its contiguous bytes (a byte loop over a
    /// native string's storage; the generic view's iteration cost 2 % of user CPU).
    private static func hasLineBreak(_ text: String) -> Bool {
        text.withContiguousUTF8 { bytes in bytes.contains { $0 == 13 || $0 == 10 } }
    }
}
