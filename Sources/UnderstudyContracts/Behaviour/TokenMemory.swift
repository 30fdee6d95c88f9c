import Foundation

/// What the fake knows of one access token: when it was issued and when it expires, whose it
/// is, and the chain of exchanges it belongs to.
package struct TokenRecord: Sendable, Equatable {
    package var issuedAt: Date?
    package var expiresAt: Date?
    /// When its access to the user's data ends (Graph's `data_access_expires_at`).
    package var dataAccessExpiresAt: Date?
    /// The user it belongs to, when known (Graph's user id).
    package var subject: String?
    /// The first token of its chain of exchanges (a short-lived token, the long-lived one made
    /// from it): revoking any token of a chain revokes them all.
    package var lineage: String
    /// Where it stands among the tokens its session issued (1 for the first); 0 for a token
    /// known from the start. A user's revocation reaches the tokens issued until then, however
    /// little the clock moved in between.
    package var serial = 0

    package init(issuedAt: Date? = nil, expiresAt: Date? = nil, dataAccessExpiresAt: Date? = nil, subject: String? = nil, lineage: String) {
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.dataAccessExpiresAt = dataAccessExpiresAt
        self.subject = subject
        self.lineage = lineage
    }

    /// The key a user's declined permissions are kept under: the user when known, else the
    /// chain of exchanges.
    package var grant: String { subject.map { "user " + $0 } ?? "chain " + lineage }
}

/// A test's app secret for a provider's `appsecret_proof`, in one session: `nil` members keep
/// the pack's.
package struct AppSecretSetting: Sendable, Equatable {
    package var secret: String?
    package var required: Bool?

    package init(secret: String? = nil, required: Bool? = nil) {
        self.secret = secret
        self.required = required
    }
}

/// The access tokens one session knows beyond the pack and the fixtures: those its exchanges
/// issued and those its requests revoked, the permissions its users declined, and the app
/// secret a test set. Keys start with the provider's name.
package struct TokenMemory {
    /// By provider and token.
    private var tokens: [String: TokenRecord] = [:]
    /// By provider and lineage: chains revoked.
    private var revokedChains: Set<String> = []
    /// By provider and user: the serial of the last token issued when the user revoked the app
    /// (tokens issued until then are revoked).
    private var revokedUsers: [String: Int] = [:]
    /// How many tokens the session issued.
    private var issuedCount = 0
    /// By provider and grant: permissions declined.
    private var declined: [String: Set<String>] = [:]
    /// By provider and token: how many tokens were issued in place of it.
    private var reissues: [String: Int] = [:]
    /// By provider.
    private var appSecrets: [String: AppSecretSetting] = [:]
    /// Counts the changes: a decision that read the memory at one version may install the copy
    /// it changed only while the session's memory is still at that version.
    package private(set) var version = 0
    /// OpenID Connect ID tokens minted and the users they ended.
    package private(set) var idTokens = IDTokenMemory()

    package init() {}

    private static func key(_ provider: String, _ name: String) -> String { provider + " " + name }

    /// The session's record of `token`, else `known` (what the pack or the fixtures say of it),
    /// and whether it is revoked.
    package func verdict(_ token: String, provider: String, known: TokenRecord?) -> (record: TokenRecord?, revoked: Bool) {
        guard let record = tokens[Self.key(provider, token)] ?? known else { return (nil, revokedChains.contains(Self.key(provider, token))) }
        return (record, isRevoked(record, provider: provider))
    }

    private func isRevoked(_ record: TokenRecord, provider: String) -> Bool {
        if revokedChains.contains(Self.key(provider, record.lineage)) { return true }
        guard let subject = record.subject, let revokedAfter = revokedUsers[Self.key(provider, subject)] else { return false }
        return record.serial <= revokedAfter
    }

    /// Issues `token` with `record`, or, when the session has issued or revoked that token
    /// before, a new one in its place: the token with a number appended (`…Token2`, `…Token3`).
    /// Returns the token issued.
    package mutating func issue(_ token: String, provider: String, record: TokenRecord) -> String {
        version &+= 1
        var issued = token
        if tokens[Self.key(provider, token)] != nil || revokedChains.contains(Self.key(provider, token)) {
            var count = reissues[Self.key(provider, token)] ?? 1
            repeat {
                count += 1
                issued = token + String(count)
            } while tokens[Self.key(provider, issued)] != nil
            reissues[Self.key(provider, token)] = count
        }
        var record = record
        if record.lineage == token { record.lineage = issued }
        issuedCount += 1
        record.serial = issuedCount
        tokens[Self.key(provider, issued)] = record
        return issued
    }

    /// Revokes `token` (whose record is `known` unless the session has its own): its chain, and
    /// every token of its user issued until now. Its user's declined permissions go with the app.
    package mutating func revoke(_ token: String, provider: String, known: TokenRecord?) {
        version &+= 1
        let record = tokens[Self.key(provider, token)] ?? known ?? TokenRecord(lineage: token)
        tokens[Self.key(provider, token)] = record
        revokedChains.insert(Self.key(provider, record.lineage))
        if let subject = record.subject { revokedUsers[Self.key(provider, subject)] = issuedCount }
        declined[Self.key(provider, record.grant)] = nil
    }

    /// Declines `permission` for the grant of `token` (whose record is `known` unless the
    /// session has its own).
    package mutating func decline(_ permission: String, token: String, provider: String, known: TokenRecord?) {
        version &+= 1
        let record = tokens[Self.key(provider, token)] ?? known ?? TokenRecord(lineage: token)
        declined[Self.key(provider, record.grant), default: []].insert(permission)
    }

    /// The permissions declined for the grant of `token`.
    package func declined(token: String, provider: String, known: TokenRecord?) -> Set<String> {
        guard !declined.isEmpty else { return [] }
        let record = tokens[Self.key(provider, token)] ?? known ?? TokenRecord(lineage: token)
        return declined[Self.key(provider, record.grant)] ?? []
    }

    /// Notes an ID token this session minted, by its `jti`.
    package mutating func noteIDTokenMinted(_ tokenID: String, provider: String) {
        version &+= 1
        idTokens.noteMinted(tokenID, provider: provider)
    }

    /// Uninstalls the user of ID token `tokenID`: `false`, and nothing changed, when the token
    /// was already ended (its user uninstalled since it was minted).
    package mutating func uninstallIDTokenUser(_ user: String, tokenID: String, provider: String) -> Bool {
        guard !idTokens.isEnded(tokenID, user: user, provider: provider) else { return false }
        version &+= 1
        idTokens.uninstall(user, provider: provider)
        return true
    }

    package mutating func setAppSecret(_ setting: AppSecretSetting?, for provider: String) {
        version &+= 1
        appSecrets[provider] = setting
    }

    package func appSecret(for provider: String) -> AppSecretSetting? {
        appSecrets[provider]
    }
}
