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
}
