import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
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

    /// An answer's body: bytes, or left in its file for a transport that reads or sends files
    /// itself.
    enum AnswerBody {
        case bytes([UInt8])
        case file(FileBody)
    }

    /// `file`'s body for an answer. With `leavingFiles`, a body of at least
    /// `minimumFileBodyCount` bytes whose file is unchanged is left to be sent from its file,
    /// and a smaller one the cache neither holds nor has room for is left to be read into the
    /// answer; everything else is bytes, from the cache or read (and kept while the budget lasts).
    func answerBody(of file: BodyFile, leavingFiles: Bool) throws(FileBytes.IOError) -> AnswerBody {
        guard leavingFiles, let (descriptor, size) = file.kept() else { return .bytes(try bytes(of: file)) }
        if size >= Self.minimumFileBodyCount {
            guard file.stillHas(size: size, descriptor: descriptor) else { return .bytes(try bytes(of: file)) }
            return .file(FileBody(file: file, descriptor: descriptor, count: size, delivery: .sent))
        }
        let key = ObjectIdentifier(file)
        // One look under the lock: the cached bytes, or whether there is room to keep them.
        let cached: [UInt8]?, room: Bool
        (cached, room) = cache.withLock { cache in (cache.bodies[key], cache.bytes + size <= budget) }
        if let cached { return .bytes(cached) }
        guard room else { return .file(FileBody(file: file, descriptor: descriptor, count: size, delivery: .readIntoAnswer)) }
        return .bytes(try bytes(of: file))
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
