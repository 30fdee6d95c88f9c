import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// Which provider a recorded request belongs to, judged by the real host it was sent to, as
/// the packs say: each pack's `upstream` and the `servers` of its operations (image CDNs).
///
/// Used when importing recordings (HAR files) whose URLs name the real APIs; the server itself
/// tells providers apart by path, since an app only swaps scheme and host.
package struct ProviderHosts: Sendable {
    /// The provider name for each real API host, lower-cased.
    let providerByHost: [String: String]
    /// The header each provider that takes field masks reads them from, by provider: a
    /// recording keeps the mask it was made with.
    let maskHeaderByProvider: [String: String]

    /// The hosts of every pack in `contracts`.
    package init(contracts: Contracts) {
        var hosts: [String: String] = [:]
        var masks: [String: String] = [:]
        for pack in contracts.packs {
            if let header = pack.behaviours.fieldMask?.header { masks[pack.provider] = header }
            let origins = [pack.upstream].compactMap { $0 } + pack.operations.compactMap(\.server)
            for origin in origins {
                guard let url = RecordedURL(origin) else { continue }
                hosts[url.host] = hosts[url.host] ?? pack.provider
            }
        }
        providerByHost = hosts
        maskHeaderByProvider = masks
    }

    /// The provider whose API `host` serves, or `nil` for any other host. Case-insensitive; a
    /// port, user information or a trailing dot are ignored (`API.yelp.com.:443` is Yelp).
    package func provider(forHost host: String) -> String? {
        providerByHost[Self.normalized(host)]
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
