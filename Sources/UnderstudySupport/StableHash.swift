/// Hashes that are the same in every process and on every platform (Swift's `Hasher` is
/// seeded per process): for file names and for reproducible random delays.
package enum StableHash {
    /// FNV-1a, 64 bits.
    package static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        // Over contiguous bytes when they are (a native string's UTF-8): walking a string's
        // UTF-8 view a byte at a time cost 1 % of a start, hashing the fixtures' paths.
        bytes.withContiguousStorageIfAvailable(fnv1a64Contiguous) ?? Array(bytes).withUnsafeBufferPointer(fnv1a64Contiguous)
    }

    private static func fnv1a64Contiguous(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `hash` with `word` taken in: `words`' step, for digests of several parts.
    package static func mixing(_ word: UInt64, into hash: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x0000_0100_0000_01b3
        return mixed ^ (mixed >> 29)
    }

    /// `hash` with every bit of it moved into every bit of the result (SplitMix64's finaliser),
    /// for picking slots by a few bits of a hash whose bits are not all mixed.
    package static func avalanche(_ hash: UInt64) -> UInt64 {
        var mixed = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }

    /// A 64-bit hash of `raw`, eight bytes at a time (FNV-1a's constants, a word per step):
    /// cheap enough for megabytes at startup and for a request target per request.
    package static func words(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
        var index = 0
        while index + 8 <= raw.count {
            hash = mixing(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), into: hash)
            index += 8
        }
        while index < raw.count {
            hash = (hash ^ UInt64(raw[index])) &* 0x0000_0100_0000_01b3
            index += 1
        }
        return hash
    }
}
