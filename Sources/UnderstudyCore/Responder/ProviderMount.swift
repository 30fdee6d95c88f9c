/// Where a provider's API lives on its real host, so that a provider served alone can
/// answer at the root of its own port: an SDK configured with the base URL
/// `https://api.yelp.com/v3` asks for `/businesses/search`, which is the fixture path
/// `/v3/businesses/search`. (The provider packs of the contracts issue will carry these.)
public struct ProviderMount: Sendable, Hashable {
    /// The provider (`yelp`, `google`, `facebook`, `feed`).
    public let provider: String
    /// The real base URL an app is configured with.
    public let baseURL: String
    /// The path prefix of that base URL, `""` when the API starts at the host's root.
    public let basePath: String

    /// The known providers' mounts.
    public static let known: [String: ProviderMount] = [
        "yelp": ProviderMount(provider: "yelp", baseURL: "https://api.yelp.com/v3", basePath: "/v3"),
        "google": ProviderMount(provider: "google", baseURL: "https://maps.googleapis.com/maps/api", basePath: "/maps/api"),
        "facebook": ProviderMount(provider: "facebook", baseURL: "https://graph.facebook.com", basePath: ""),
        "feed": ProviderMount(provider: "feed", baseURL: "https://s3.amazonaws.com/br-codingexams", basePath: "/br-codingexams"),
    ]

    /// The request as the fixtures see it: the base path put in front of a path that lacks
    /// it. `nil` when nothing changes (already prefixed, or no base path).
    func mounted(_ request: Request) -> Request? {
        guard !basePath.isEmpty, request.path != basePath, !request.path.hasPrefix(basePath + "/") else { return nil }
        let target = request.target.hasPrefix("/") ? basePath + request.target : request.target
        return Request(method: request.method, target: target, headers: request.headers, body: request.body, fromLoopback: request.fromLoopback)
    }
}
