import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The lunch feed over HTTP, with conditional GET.
public struct FeedClient: Sendable {
    /// What a conditional fetch found.
    public enum Answer: Sendable, Hashable {
        /// A new list, and the `ETag` to send next time.
        case modified([Feed.Restaurant], etag: String?)
        /// `304 Not Modified`: the list sent with this `ETag` is still current.
        case notModified
    }

    /// The feed's path (S3 path-style).
    public static let path = "/br-codingexams/restaurants.json"

    private let http: HTTP

    /// A client for the feed origin of `configuration`.
    public init(configuration: Configuration, session: URLSession = Configuration.makeSession()) {
        http = HTTP(provider: .feed, baseURL: configuration.baseURL(for: .feed), session: session)
    }

    /// The feed, or `.notModified` when `etag` is still the current version.
    public func restaurants(ifNoneMatch etag: String? = nil) async throws(RestaurantError) -> Answer {
        let (data, response) = try await http.get(http.url(Self.path), headers: etag.map { ["If-None-Match": $0] } ?? [:])
        switch response.statusCode {
        case 304:
            return .notModified
        case 200..<300:
            return .modified(try JSON.decode(Feed.Document.self, from: data).restaurants, etag: response.value(forHTTPHeaderField: "ETag"))
        default:
            throw ErrorEnvelope.error(from: data, provider: .feed, status: response.statusCode)
        }
    }
}
