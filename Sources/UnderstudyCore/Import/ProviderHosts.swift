/// Which provider a recorded request belongs to, judged by the real host it was sent to.
///
/// Used when importing recordings (HAR files) whose URLs name the real APIs; the server itself
/// tells providers apart by path, since an app only swaps scheme and host.
package enum ProviderHosts {
    /// The provider name for each real API host, lower-cased.
    public static let providerByHost: [String: String] = [
        "api.yelp.com": "yelp",
        "maps.googleapis.com": "google",
        "graph.facebook.com": "facebook",
        "s3.amazonaws.com": "feed",
        "sandbox.bottlerocketapps.com": "feed",
    ]

    /// The provider whose API `host` serves, or `nil` for any other host. Case-insensitive; a
    /// port, user information or a trailing dot are ignored (`API.yelp.com.:443` is Yelp).
    public static func provider(forHost host: String) -> String? {
        providerByHost[normalized(host)]
    }

    /// `host` lower-cased, without user information, port or trailing dot.
    static func normalized(_ host: String) -> String {
        var name = Substring(host)
        if let at = name.lastIndex(of: "@") { name = name[name.index(after: at)...] }
        if name.hasPrefix("[") {
            // An IPv6 literal: keep the brackets, drop a port after them.
            if let close = name.firstIndex(of: "]") { name = name[...close] }
        } else if let colon = name.lastIndex(of: ":") {
            name = name[..<colon]
        }
        while name.hasSuffix(".") { name = name.dropLast() }
        return name.lowercased()
    }
}
