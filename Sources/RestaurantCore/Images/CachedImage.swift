import Foundation

/// An image's bytes and what is needed to reuse them.
struct CachedImage: Sendable {
    /// What describes the bytes on disk.
    struct Metadata: Codable, Sendable, Hashable {
        var url: URL
        var etag: String?
        var freshUntil: Date
        var contentType: String?
    }

    var data: Data
    var metadata: Metadata

    func isFresh(at date: Date) -> Bool { date < metadata.freshUntil }
}

/// Images on disk: `<key>.data` holds the bytes and `<key>.json` the metadata, each written
/// atomically; the key is a hash of the URL.
struct DiskImageCache: Sendable {
    let folder: URL

    func read(_ url: URL) -> CachedImage? {
        let (dataFile, metadataFile) = files(for: url)
        guard let metadataBytes = try? Data(contentsOf: metadataFile),
              let metadata = try? JSONDecoder().decode(CachedImage.Metadata.self, from: metadataBytes),
              metadata.url == url,
              let data = try? Data(contentsOf: dataFile)
        else { return nil }
        return CachedImage(data: data, metadata: metadata)
    }

    /// Best effort: an image that cannot be written is simply fetched again next time.
    func write(_ image: CachedImage) {
        let (dataFile, metadataFile) = files(for: image.metadata.url)
        guard let metadata = try? JSONEncoder().encode(image.metadata) else { return }
        // Bytes first: metadata that names missing bytes would be read as a miss anyway.
        try? AtomicFile.write(image.data, to: dataFile)
        try? AtomicFile.write(metadata, to: metadataFile)
    }

    private func files(for url: URL) -> (data: URL, metadata: URL) {
        // FNV-1a: stable across runs, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let key = String(hash, radix: 16)
        return (folder.appendingPathComponent("\(key).data"), folder.appendingPathComponent("\(key).json"))
    }
}
