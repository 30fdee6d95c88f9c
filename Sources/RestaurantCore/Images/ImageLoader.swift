import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads images asynchronously, with a memory cache and a disk cache that follow the server's
/// caching headers: `Cache-Control: max-age` keeps an image fresh, `no-store` keeps it out of
/// both caches, and a stale image with an `ETag` is revalidated with `If-None-Match` (a 304
/// reuses the bytes). Concurrent requests for one URL share one download.
public actor ImageLoader {
    private let configuration: Configuration
    private let session: URLSession
    private let disk: DiskImageCache?
    private let memoryCapacity: Int
    private let now: @Sendable () -> Date
    private var memory: [URL: CachedImage] = [:]
    private var memoryOrder: [URL] = []
    private var downloads: [URL: Task<CachedImage, any Error>] = [:]

    /// A loader that maps image hosts through `configuration`, keeps up to `memoryCapacity`
    /// images in memory and, given a `diskFolder`, images on disk; `now` is the clock freshness
    /// is judged by.
    public init(
        configuration: Configuration, diskFolder: URL? = nil, memoryCapacity: Int = 200,
        session: URLSession = Configuration.makeSession(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.session = session
        disk = diskFolder.map(DiskImageCache.init(folder:))
        self.memoryCapacity = max(1, memoryCapacity)
        self.now = now
    }

    /// The bytes of the image at `url` (as a provider named it; the configured host answers).
    public func image(at url: URL) async throws(RestaurantError) -> Data {
        let cached = memory[url] ?? disk?.read(url)
        if let cached, cached.isFresh(at: now()) {
            remember(cached)
            return cached.data
        }
        let download = downloads[url] ?? start(url, revalidating: cached)
        let result = await download.result
        if downloads[url] == download { downloads[url] = nil }
        switch result {
        case .success(let image):
            return image.data
        case .failure(let error):
            throw (error as? RestaurantError) ?? .transport(.unknown)
        }
    }

    private func start(_ url: URL, revalidating cached: CachedImage?) -> Task<CachedImage, any Error> {
        let target = configuration.resolvedImageURL(url)
        // The provider only picks an error envelope, and images have none.
        let http = HTTP(provider: .feed, baseURL: target, session: session)
        let headers = cached?.metadata.etag.map { ["If-None-Match": $0] } ?? [:]
        let task = Task {
            let (data, response) = try await http.get(target, headers: headers)
            return try self.received(data, response, for: url, revalidating: cached)
        }
        downloads[url] = task
        return task
    }

    private func received(_ data: Data, _ response: HTTPURLResponse, for url: URL, revalidating cached: CachedImage?) throws(RestaurantError) -> CachedImage {
        let policy = CachePolicy(header: response.value(forHTTPHeaderField: "Cache-Control"))
        let bytes: Data
        switch response.statusCode {
        case 304 where cached != nil:
            bytes = cached!.data
        case 200..<300:
            bytes = data
        default:
            throw .http(status: response.statusCode, body: String(decoding: data.prefix(512), as: UTF8.self))
        }
        let image = CachedImage(data: bytes, metadata: CachedImage.Metadata(
            url: url, etag: response.value(forHTTPHeaderField: "ETag") ?? cached?.metadata.etag,
            freshUntil: policy.freshUntil(receivedAt: now()), contentType: response.value(forHTTPHeaderField: "Content-Type")))
        guard !policy.noStore else {
            forget(url)
            return image
        }
        remember(image)
        disk?.write(image)
        return image
    }

    private func remember(_ image: CachedImage) {
        let url = image.metadata.url
        if memory.updateValue(image, forKey: url) == nil { memoryOrder.append(url) }
        while memoryOrder.count > memoryCapacity { memory[memoryOrder.removeFirst()] = nil }
    }

    private func forget(_ url: URL) {
        memory[url] = nil
        memoryOrder.removeAll { $0 == url }
    }
}
