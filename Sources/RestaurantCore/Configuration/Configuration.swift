import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where each provider lives and how to reach it: a base URL and credentials per provider, and
/// the image hosts that responses name, mapped to base URLs. Nothing is tied to a host, so the
/// same code talks to the real APIs or to a fake server.
public struct Configuration: Sendable {
    /// The origin of each provider's API; paths are appended as the provider writes them
    /// (`/v3/businesses/search`, `/maps/api/place/details/json`, …).
    public var baseURLs: [Provider: URL]
    /// The credentials sent to each provider.
    public var credentials: Credentials
    /// Image hosts named in responses, mapped to the origin that serves them. A key starting
    /// with `.` matches every subdomain (`.fl.yelpcdn.com` covers `s3-media1.fl.yelpcdn.com`).
    public var imageHosts: [String: URL]
    /// The Graph API version put in front of Facebook paths (`v19.0` → `/v19.0/me`).
    public var graphVersion: String
    /// The origin of Facebook's login dialog (`https://www.facebook.com`), which a web view or
    /// `ASWebAuthenticationSession` opens (`LoginDialog`).
    public var loginDialogOrigin = URL(string: "https://www.facebook.com")!

    /// A configuration with the given origins.
    public init(baseURLs: [Provider: URL], credentials: Credentials, imageHosts: [String: URL] = [:], graphVersion: String = "v19.0") {
        self.baseURLs = baseURLs
        self.credentials = credentials
        self.imageHosts = imageHosts
        self.graphVersion = graphVersion
    }

    /// The real services, each at its own origin; images are fetched from where responses say.
    public static func production(credentials: Credentials) -> Configuration {
        Configuration(baseURLs: Dictionary(uniqueKeysWithValues: Provider.allCases.map { ($0, $0.realOrigin) }), credentials: credentials)
    }

    /// Every provider and every image host the providers' responses name, served by one fake
    /// server (Understudy keeps each provider's native paths on one port).
    public static func understudy(baseURL: URL, credentials: Credentials) -> Configuration {
        let hosts = [".fl.yelpcdn.com", "lh3.googleusercontent.com", "maps.gstatic.com", "sandbox.bottlerocketapps.com", "platform-lookaside.fbsbx.com"]
        var configuration = Configuration(
            baseURLs: Dictionary(uniqueKeysWithValues: Provider.allCases.map { ($0, baseURL) }),
            credentials: credentials,
            imageHosts: Dictionary(uniqueKeysWithValues: hosts.map { ($0, baseURL) }))
        configuration.loginDialogOrigin = baseURL
        return configuration
    }

    /// The origin of `provider`; the real one when none is configured.
    public func baseURL(for provider: Provider) -> URL {
        baseURLs[provider] ?? provider.realOrigin
    }

    /// `url` with its scheme, host and port replaced by the origin mapped to its host, if any;
    /// the path and query are kept.
    public func resolvedImageURL(_ url: URL) -> URL {
        guard let host = url.host?.lowercased(),
              let origin = imageHosts.first(where: { key, _ in key.hasPrefix(".") ? host.hasSuffix(key.lowercased()) : host == key.lowercased() })?.value,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let target = URLComponents(url: origin, resolvingAgainstBaseURL: false)
        else { return url }
        components.scheme = target.scheme
        components.host = target.host
        components.port = target.port
        return components.url ?? url
    }

    /// A session that never answers from Foundation's cache, so a 304 reaches the caller and
    /// the caching rules are the core's own; built on `base` (ephemeral by default), e.g. a
    /// test's configuration that reaches an in-process fake.
    public static func makeSession(from base: URLSessionConfiguration = .ephemeral) -> URLSession {
        let configuration = base
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }
}
