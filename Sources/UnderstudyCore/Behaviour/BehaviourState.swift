import Foundation

/// What the provider behaviours remember in one session: requests counted against quotas,
/// page tokens and access tokens issued, and quota limits a test has set.
final class BehaviourState: Sendable {
    private struct State {
        /// By provider and credential (hashed: the state never holds a credential itself).
        var quotaUsed: [String: (window: Date, count: Int)] = [:]
        var quotaLimits: [String: Int] = [:]
        /// By provider and token: when it was issued.
        var pageTokens: [String: Date] = [:]
        /// By token: when it expires.
        var accessTokens: [String: Date] = [:]
    }

    private let state = Locked(State())

    /// Forgets everything, including quota limits set by tests.
    func reset() {
        state.withLock { $0 = State() }
    }

    // MARK: quota

    /// Sets `provider`'s quota limit in this session (its pack's limit otherwise).
    func setQuotaLimit(_ limit: Int?, for provider: String) {
        state.withLock { $0.quotaLimits[provider] = limit }
    }

    func quotaLimit(for provider: String) -> Int? {
        state.withLock { $0.quotaLimits[provider] }
    }

    /// Counts one request in `window` when fewer than `limit` were counted; returns how many
    /// were counted before it, or `nil` when the limit is reached.
    func countRequest(provider: String, credential: String, window: Date, limit: Int) -> Int? {
        let key = provider + " " + String(StableHash.fnv1a64(credential.utf8), radix: 36)
        return state.withLock { state in
            var entry = state.quotaUsed[key] ?? (window, 0)
            if entry.window != window { entry = (window, 0) }
            guard entry.count < limit else { return nil }
            let before = entry.count
            entry.count += 1
            state.quotaUsed[key] = entry
            return before
        }
    }

    // MARK: tokens

    func issuePageToken(_ token: String, provider: String, at time: Date) {
        state.withLock { $0.pageTokens[provider + " " + token] = time }
    }

    func pageTokenIssued(_ token: String, provider: String) -> Date? {
        state.withLock { $0.pageTokens[provider + " " + token] }
    }

    func issueAccessToken(_ token: String, expiresAt: Date) {
        state.withLock { $0.accessTokens[token] = expiresAt }
    }

    func accessTokenExpiry(_ token: String) -> Date? {
        state.withLock { $0.accessTokens[token] }
    }
}
