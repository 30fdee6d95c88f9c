/// Hashes that are the same in every process and on every platform (Swift's `Hasher` is
/// seeded per process): for file names and for reproducible random delays.
enum StableHash {
    /// FNV-1a, 64 bits.
    static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `hash` with `word` taken in: `words`' step, for digests of several parts.
    static func mixing(_ word: UInt64, into hash: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x0000_0100_0000_01b3
        return mixed ^ (mixed >> 29)
    }

    /// A 64-bit hash of `raw`, eight bytes at a time (FNV-1a's constants, a word per step):
    /// cheap enough for megabytes at startup and for a request target per request.
    static func words(_ raw: UnsafeRawBufferPointer) -> UInt64 {
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
