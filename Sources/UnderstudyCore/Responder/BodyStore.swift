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

    /// Bodies of at least this many bytes are left in their files for a transport that sends
    /// files itself. Measured on loopback (docs/performance.md): at 24 KB `sendfile` cost twice
    /// the kernel time of one `writev` of a copied buffer (a second system call and segment
    /// for the head, the size check); at 256 KB it gave 1.4-1.7 times the answers per second.
    static let minimumFileBodyCount = 256 << 10

    /// `file`'s body left in the file, when it is large enough to be worth it and its
    /// descriptor is kept; `nil` to read it with `bytes(of:)` instead.
    func fileBody(of file: BodyFile) -> FileBody? {
        guard let (descriptor, count) = file.sendable(minimumCount: Self.minimumFileBodyCount) else { return nil }
        return FileBody(file: file, descriptor: descriptor, count: count)
    }

    func bytes(of file: BodyFile) throws(FileBytes.IOError) -> [UInt8] {
        let key = ObjectIdentifier(file)
        if let cached = cache.withLock({ $0.bodies[key] }) { return cached }
        let (bytes, changed) = try file.readNotingChange()
        // A file edited in place since it was opened is read again next time, not frozen half-saved.
        guard !changed else { return bytes }
        cache.withLock { cache in
            if cache.bodies[key] == nil, cache.bytes + bytes.count <= budget {
                cache.bodies[key] = bytes
                cache.bytes += bytes.count
            }
        }
        return bytes
    }
}
