import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// Where a provider's API lives on its real host, so that a provider served alone can answer
/// at the root of its own port: an SDK configured with the base URL `https://api.yelp.com/v3`
/// asks for `/businesses/search`, which is the fixture path `/v3/businesses/search`. Read from
/// the provider's pack (`upstream` and `basePath`), so a new pack needs no code.
public struct ProviderMount: Sendable, Hashable {
    /// The provider (`yelp`, `google`, `facebook`, `feed`).
    public let provider: String
    /// The real base URL an app is configured with.
    public let baseURL: String
    /// The path prefix of that base URL, `""` when the API starts at the host's root.
    public let basePath: String

    /// The mount of `pack`'s provider.
    public init(pack: ProviderPack) {
        provider = pack.provider
        basePath = pack.basePath
        baseURL = (pack.upstream ?? "https://\(pack.provider)") + pack.basePath
    }

    /// The request as the fixtures see it: the base path put in front of a path that lacks
    /// it. `nil` when nothing changes (already prefixed, or no base path).
    func mounted(_ request: Request) -> Request? {
        guard !basePath.isEmpty, request.path != basePath, !request.path.utf8.starts(with: (basePath + "/").utf8) else { return nil }
        let target = request.target.hasPrefix("/") ? basePath + request.target : request.target
        return Request(method: request.method, target: target, headers: request.headers, body: request.body, fromLoopback: request.fromLoopback)
    }
}
