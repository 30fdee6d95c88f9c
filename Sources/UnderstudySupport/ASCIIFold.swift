/// Byte comparisons with ASCII letters folded to lower case, over contiguous bytes: the
/// generic walk over two UTF-8 views (`zip`) showed up in every request's profile.
package enum ASCIIFold {
    /// Whether `one` and `other` are the same bytes once `A`–`Z` are folded: what
    /// `HeaderField.hasName` decides.
    package static func equal(_ one: String, _ other: String) -> Bool {
        guard one.utf8.count == other.utf8.count else { return false }
        return one.withContiguousUTF8 { left in other.withContiguousUTF8 { right in foldedEqual(left, right) } }
    }

    /// Whether the first `prefix.utf8.count` bytes of `text` fold to the bytes of `prefix`
    /// (already lower case), `text` having at least `minimumCount` bytes; `nil` when they do
    /// not all satisfy `plain`.
    package static func hasPrefix(_ text: String, _ prefix: String, minimumCount: Int, whereEvery plain: (UInt8) -> Bool) -> Bool? {
        text.withContiguousUTF8 { bytes -> Bool? in
            guard bytes.count >= minimumCount, bytes.prefix(minimumCount).allSatisfy(plain) else { return nil }
            return prefix.withContiguousUTF8 { expected in
                expected.count <= bytes.count && foldedEqual(UnsafeBufferPointer(rebasing: bytes.prefix(expected.count)), expected)
            }
        }
    }

    /// Whether the two texts are the same bytes (not merely canonically equivalent, as `==` asks).
    package static func sameBytes(_ one: String, _ other: String) -> Bool {
        guard one.utf8.count == other.utf8.count else { return false }
        return one.withContiguousUTF8 { left in other.withContiguousUTF8 { right in left.elementsEqual(right) } }
    }

    package static func fold(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func foldedEqual(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        for index in left.indices where fold(left[index]) != fold(right[index]) { return false }
        return true
    }
}
