/// Reads response body files, keeping the first ones read in memory up to a byte budget;
/// the rest are read from their kept descriptors (see `BodyFile`).
///
/// The budget bounds memory however many fixtures there are: past it, bodies are read from
/// disk (the page cache) on every request. Nothing is evicted, so the cost is predictable
/// and a cycle through all fixtures cannot thrash the cache.
final class BodyStore: Sendable {
    private let budget: Int
    private let cache = Locked(Cache())

    private struct Cache {
        var bodies: [ObjectIdentifier: [UInt8]] = [:]
        var bytes = 0
    }

    /// - Parameter budget: the most body bytes kept in memory.
    init(budget: Int) {
        self.budget = budget
    }

    func bytes(of file: BodyFile) throws(FileBytes.IOError) -> [UInt8] {
        let key = ObjectIdentifier(file)
        if let cached = cache.withLock({ $0.bodies[key] }) { return cached }
        let bytes = try file.read()
        cache.withLock { cache in
            if cache.bodies[key] == nil, cache.bytes + bytes.count <= budget {
                cache.bodies[key] = bytes
                cache.bytes += bytes.count
            }
        }
        return bytes
    }
}
