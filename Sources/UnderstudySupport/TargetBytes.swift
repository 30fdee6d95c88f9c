import Foundation

/// A request target's bytes, as the target memo keeps what a target decided by: a hash of them,
/// and a comparison byte for byte (equal strings may differ in bytes: composed and decomposed é).
package enum TargetBytes {
    /// Longer targets are decided every time rather than kept.
    package static let maximumCount = 1024

    /// A hash of `target`'s bytes; `nil` for a target longer than `maximumCount`.
    package static func hash(of target: String) -> UInt64? {
        target.withContiguousUTF8 { bytes in
            bytes.count <= maximumCount ? StableHash.words(UnsafeRawBufferPointer(bytes)) : nil
        }
    }

    /// Whether two strings have the same bytes, compared with `memcmp`.
    package static func sameBytes(_ one: String, _ other: String) -> Bool {
        guard one.utf8.count == other.utf8.count else { return false }
        return one.withContiguousUTF8 { left in
            other.withContiguousUTF8 { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}
