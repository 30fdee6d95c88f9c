import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// What the provider behaviours remember in one session: requests counted against quotas,
/// page tokens and access tokens issued, and quota limits a test has set. A value inside the
/// session's state, changed under the session's one lock.
struct BehaviourMemory {
    /// Whose requests a quota counts: a provider and a credential, hashed (the state never
    /// holds a credential itself).
    private struct QuotaKey: Hashable {
        let provider: String
        let credential: UInt64
    }

    private var quotaUsed: [QuotaKey: (window: Date, count: Int)] = [:]
    private var quotaLimits: [String: Int] = [:]
    /// By provider and token: when it was issued.
    private var pageTokens: [String: Date] = [:]
    /// By token: when it expires.
    private var accessTokens: [String: Date] = [:]

    // MARK: quota

    /// Sets `provider`'s quota limit (its pack's limit when `nil`).
    mutating func setQuotaLimit(_ limit: Int?, for provider: String) {
        quotaLimits[provider] = limit
    }

    func quotaLimit(for provider: String) -> Int? {
        quotaLimits[provider]
    }

    /// The hash a quota counts `credential`'s requests by.
    static func quotaHash(of credential: String) -> UInt64 {
        StableHash.fnv1a64(credential.utf8)
    }

    /// Counts one request in `window` when fewer than `limit` were counted; returns how many
    /// were counted before it, or `nil` when the limit is reached. `credential` is the
    /// credential's `quotaHash(of:)`.
    mutating func countRequest(provider: String, credential: UInt64, window: Date, limit: Int) -> Int? {
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

    mutating func issuePageToken(_ token: String, provider: String, at time: Date) {
        pageTokens[provider + " " + token] = time
    }

    func pageTokenIssued(_ token: String, provider: String) -> Date? {
        pageTokens[provider + " " + token]
    }

    mutating func issueAccessToken(_ token: String, expiresAt: Date) {
        accessTokens[token] = expiresAt
    }

    func accessTokenExpiry(_ token: String) -> Date? {
        accessTokens[token]
    }
}

/// The provider behaviours' way to their session's memory: each call takes the session's lock
/// once.
struct BehaviourState: Sendable {
    let session: ResponderSession

    /// Counts one request against the session's limit for `provider` (`defaultLimit` when a
    /// test set none), under one lock: the limit, and how many were counted before it (`nil`
    /// when the limit is reached). `credential` is the credential's `BehaviourMemory.quotaHash(of:)`.
    func countRequest(provider: String, credential: UInt64, window: Date, defaultLimit: Int) -> (limit: Int, counted: Int?) {
        session.update { state in
            let limit = state.behaviours.quotaLimit(for: provider) ?? defaultLimit
            return (limit, state.behaviours.countRequest(provider: provider, credential: credential, window: window, limit: limit))
        }
    }

    func issuePageToken(_ token: String, provider: String, at time: Date) {
        session.update { $0.behaviours.issuePageToken(token, provider: provider, at: time) }
    }

    func pageTokenIssued(_ token: String, provider: String) -> Date? {
        session.read { $0.behaviours.pageTokenIssued(token, provider: provider) }
    }

    func issueAccessToken(_ token: String, expiresAt: Date) {
        session.update { $0.behaviours.issueAccessToken(token, expiresAt: expiresAt) }
    }

    func accessTokenExpiry(_ token: String) -> Date? {
        session.read { $0.behaviours.accessTokenExpiry(token) }
    }
}
