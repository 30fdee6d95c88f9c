import Foundation

/// Whole-file writes that a crash cannot leave half done.
enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, then renames it over `url`: readers see
    /// the old file or the new one, never a mix.
    static func write(_ data: Data, to url: URL) throws(StoreError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(file: url, reason: "\(error)")
        }
        if let reason = Platform.replace(url.path, with: temporary.path) {
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(file: url, reason: reason)
        }
    }
}
