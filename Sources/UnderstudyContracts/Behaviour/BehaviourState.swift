import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// What the provider behaviours remember in one session: requests counted against quotas,
/// page tokens and access tokens issued, tokens revoked, and the quota limits and app secrets
/// a test has set. A value inside the
/// session's state, changed under the session's one lock.
package struct BehaviourMemory {
    /// Whose requests a quota counts: a provider and a credential, hashed (the state never
    /// holds a credential itself).
    private struct QuotaKey: Hashable {
        package let provider: String
        package let credential: UInt64
    }

    private var quotaUsed: [QuotaKey: (window: Date, count: Int)] = [:]
    private var quotaLimits: [String: Int] = [:]
    /// By provider and token: when it was issued.
    private var pageTokens: [String: Date] = [:]
    /// Access tokens issued and revoked, permissions declined, app secrets set.
    package var tokens = TokenMemory()
    /// Codes the authorization dialogs issued, and what a test said their user does.
    package var dialogs = DialogMemory()

    package init() {}

    // MARK: quota

    /// Sets `provider`'s quota limit (its pack's limit when `nil`).
    package mutating func setQuotaLimit(_ limit: Int?, for provider: String) {
        quotaLimits[provider] = limit
    }

    package func quotaLimit(for provider: String) -> Int? {
        quotaLimits[provider]
    }

    /// The hash a quota counts `credential`'s requests by.
    package static func quotaHash(of credential: String) -> UInt64 {
        StableHash.fnv1a64(credential.utf8)
    }

    /// Counts one request in `window` when fewer than `limit` were counted; returns how many
    /// were counted before it, or `nil` when the limit is reached. `credential` is the
    /// credential's `quotaHash(of:)`.
    package mutating func countRequest(provider: String, credential: UInt64, window: Date, limit: Int) -> Int? {
        let key = QuotaKey(provider: provider, credential: credential)
        // A counted credential's entry is changed where it is found: one hash, not two.
        guard let index = quotaUsed.index(forKey: key) else {
            guard limit > 0 else { return nil }
            quotaUsed[key] = (window, 1)
            return 0
        }
        var entry = quotaUsed.values[index]
        if entry.window != window { entry = (window, 0) }
        guard entry.count < limit else { return nil }
        quotaUsed.values[index] = (entry.window, entry.count + 1)
        return entry.count
    }

    // MARK: tokens

    package mutating func issuePageToken(_ token: String, provider: String, at time: Date) {
        pageTokens[provider + " " + token] = time
    }

    package func pageTokenIssued(_ token: String, provider: String) -> Date? {
        pageTokens[provider + " " + token]
    }
}

/// Where a session keeps what its provider behaviours remember: the responder's session, which
/// changes it under the session's one lock.
package protocol BehaviourStore: Sendable {
    /// Changes the memory under the session's lock.
    func updateBehaviours<Result>(_ body: (inout BehaviourMemory) -> Result) -> Result
    /// Reads the memory under the session's lock.
    func readBehaviours<Result>(_ body: (BehaviourMemory) -> Result) -> Result
}

/// The provider behaviours' way to their session's memory: each call takes the session's lock
/// once.
package struct BehaviourState: Sendable {
    package let store: any BehaviourStore

    package init(store: any BehaviourStore) {
        self.store = store
    }

    /// Counts one request against the session's limit for `provider` (`defaultLimit` when a
    /// test set none), under one lock: the limit, and how many were counted before it (`nil`
    /// when the limit is reached). `credential` is the credential's `BehaviourMemory.quotaHash(of:)`.
    package func countRequest(provider: String, credential: UInt64, window: Date, defaultLimit: Int) -> (limit: Int, counted: Int?) {
        store.updateBehaviours { memory in
            let limit = memory.quotaLimit(for: provider) ?? defaultLimit
            return (limit, memory.countRequest(provider: provider, credential: credential, window: window, limit: limit))
        }
    }

    package func issuePageToken(_ token: String, provider: String, at time: Date) {
        store.updateBehaviours { $0.issuePageToken(token, provider: provider, at: time) }
    }

    package func pageTokenIssued(_ token: String, provider: String) -> Date? {
        store.readBehaviours { $0.pageTokenIssued(token, provider: provider) }
    }

    /// What the session knows of `token` (`known` when it has no record of its own: what the
    /// pack or the fixtures say), whether it is revoked, and the app secret a test set.
    package func judgeToken(_ token: String, provider: String, known: TokenRecord?) -> (record: TokenRecord?, revoked: Bool, appSecret: AppSecretSetting?) {
        store.readBehaviours { memory in
            let verdict = memory.tokens.verdict(token, provider: provider, known: known)
            return (verdict.record, verdict.revoked, memory.tokens.appSecret(for: provider))
        }
    }

    /// Issues `token` with `record` (or a new token in its place when the session issued or
    /// revoked it before); returns the token issued.
    package func issueAccessToken(_ token: String, provider: String, record: TokenRecord) -> String {
        store.updateBehaviours { $0.tokens.issue(token, provider: provider, record: record) }
    }

    package func revokeAccessToken(_ token: String, provider: String, known: TokenRecord?) {
        store.updateBehaviours { $0.tokens.revoke(token, provider: provider, known: known) }
    }

    package func declinePermission(_ permission: String, token: String, provider: String, known: TokenRecord?) {
        store.updateBehaviours { $0.tokens.decline(permission, token: token, provider: provider, known: known) }
    }

    package func declinedPermissions(token: String, provider: String, known: TokenRecord?) -> Set<String> {
        store.readBehaviours { $0.tokens.declined(token: token, provider: provider, known: known) }
    }
}
