import Foundation

/// What one session knows of the OpenID Connect ID tokens it minted and the users they ended:
/// a user whose token was sent to the provider's uninstall operation is uninstalled, and every
/// token of that user minted until then is ended. A token minted afterwards (a new login) is
/// live again. Keys start with the provider's name; no token is kept, only its `jti`.
package struct IDTokenMemory {
    /// By provider and `jti`: where the token stands among the tokens this session minted (1
    /// for the first).
    private var minted: [String: Int] = [:]
    private var mintedCount = 0
    /// By provider and user (`sub`): the serial of the last token minted when the user was
    /// uninstalled.
    private var uninstalled: [String: Int] = [:]

    package init() {}

    private static func key(_ provider: String, _ name: String) -> String { provider + " " + name }

    /// Notes a token this session minted, by its `jti`.
    package mutating func noteMinted(_ tokenID: String, provider: String) {
        mintedCount += 1
        minted[Self.key(provider, tokenID)] = mintedCount
    }

    /// Whether the token `tokenID` of `user` was ended by an uninstall. A token another
    /// session minted counts as minted before anything this session did.
    package func isEnded(_ tokenID: String, user: String, provider: String) -> Bool {
        guard let endedUntil = uninstalled[Self.key(provider, user)] else { return false }
        return (minted[Self.key(provider, tokenID)] ?? 0) <= endedUntil
    }

    /// Uninstalls `user`: every token of theirs minted until now is ended.
    package mutating func uninstall(_ user: String, provider: String) {
        uninstalled[Self.key(provider, user)] = mintedCount
    }

    /// The users uninstalled for `provider`, whose tokens minted before are ended.
    package func uninstalledUsers(provider: String) -> [String] {
        let prefix = provider + " "
        return uninstalled.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}
