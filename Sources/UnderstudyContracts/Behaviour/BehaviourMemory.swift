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

    /// How many requests with `credential` (its `quotaHash(of:)`) were counted in `window`.
    package func quotaCount(provider: String, credential: UInt64, window: Date) -> Int {
        guard let entry = quotaUsed[QuotaKey(provider: provider, credential: credential)], entry.window == window else { return 0 }
        return entry.count
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
