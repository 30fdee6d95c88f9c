import Foundation

/// One JSON value in one file, written atomically. A file that does not decode is set aside
/// beside it (`name.corrupt-1`, `name.corrupt-2`, …) rather than overwritten.
struct JSONFileStore<Value: Codable>: Sendable {
    let file: URL

    /// The stored value (`nil` when there is no file yet), and the problem met reading it.
    func load() -> (value: Value?, problem: StoreError?) {
        guard FileManager.default.fileExists(atPath: file.path) else { return (nil, nil) }
        let reason: String
        do {
            let data = try Data(contentsOf: file)
            return (try JSONDecoder().decode(Value.self, from: data), nil)
        } catch {
            reason = "\(error)"
        }
        do {
            return (nil, .corrupt(file: file, setAsideAt: try setAside(), reason: reason))
        } catch {
            return (nil, .unreadable(file: file, reason: "\(reason); setting it aside failed: \(error)"))
        }
    }

    /// Replaces the stored value.
    func save(_ value: Value) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .writeFailed(file: file, reason: "\(error)")
        }
        try AtomicFile.write(data, to: file)
    }

    /// Deletes the file; no file is not an error.
    func remove() throws(StoreError) {
        do {
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        } catch {
            throw .writeFailed(file: file, reason: "\(error)")
        }
    }

    private func setAside() throws -> URL {
        var number = 1
        var target: URL
        repeat {
            target = file.deletingLastPathComponent().appendingPathComponent("\(file.lastPathComponent).corrupt-\(number)")
            number += 1
        } while FileManager.default.fileExists(atPath: target.path)
        try FileManager.default.moveItem(at: file, to: target)
        return target
    }
}
