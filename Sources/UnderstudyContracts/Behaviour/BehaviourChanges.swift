import Foundation

/// One request's standing against a provider's daily quota, as a decision saw it: counted (there
/// was room) or refused (the limit was reached), in one window, under one limit.
package struct QuotaStanding: Sendable, Equatable {
    package let provider: String
    /// The credential's `BehaviourMemory.quotaHash(of:)`.
    package let credential: UInt64
    /// The start of the day the request is counted in.
    package let window: Date
    /// The limit in force: the session's, else the pack's.
    package let limit: Int
    /// The pack's limit, in force when the session sets none.
    package let packLimit: Int
    /// How many requests were counted before this one; `nil` when it is refused.
    package let countedBefore: Int?

    /// The requests left once this one is counted (0 when refused).
    package var remaining: Int { countedBefore.map { limit - $0 - 1 } ?? 0 }
}

/// What a decision read of its session's behaviour memory. The session checks that it still
/// holds, under its lock, before it applies the decision's `BehaviourEffects`: a decision is
/// taken without effects, from the memory as it was, and may have to be taken again.
package struct BehaviourReads: Sendable {
    /// The request's standing against its quota.
    package var quota: QuotaStanding?
    /// A page token looked up, with when it was issued (`nil`: never).
    package var pageToken: (provider: String, token: String, issued: Date?)?
    /// The version of the token memory the decision read (tokens judged, issued, revoked).
    package var tokens: Int?
    /// The version of the dialog memory the decision read (codes issued and used, what the user does).
    package var dialogs: Int?

    package init() {}
}

/// What a decision changes in its session's behaviour memory, applied once, under the session's
/// lock, after `BehaviourReads` were found to hold.
package struct BehaviourEffects: Sendable {
    /// Count the request against its quota (only when its standing was `counted`).
    package var quota: QuotaStanding?
    /// Page tokens the answer issued, by provider, with the time they were issued.
    package var pageTokens: [(provider: String, token: String, at: Date)] = []
    /// The token memory as the decision left it, installed whole (its version was read).
    package var tokens: TokenMemory?
    /// The dialog memory as the decision left it (codes issued or used), installed whole.
    package var dialogs: DialogMemory?

    package init() {}

    /// Whether applying changes nothing.
    package var isEmpty: Bool { quota == nil && pageTokens.isEmpty && tokens == nil && dialogs == nil }
}

extension BehaviourMemory {
    /// The standing a request with `credential` would have against `provider`'s quota now,
    /// without counting it (`defaultLimit` unless a test set the session's).
    package func quotaStanding(provider: String, credential: UInt64, window: Date, defaultLimit: Int) -> QuotaStanding {
        let limit = quotaLimit(for: provider) ?? defaultLimit
        let counted = quotaCount(provider: provider, credential: credential, window: window)
        return QuotaStanding(
            provider: provider, credential: credential, window: window, limit: limit, packLimit: defaultLimit, countedBefore: counted < limit ? counted : nil)
    }

    /// Whether what a decision read is still so: the quota still has room (or is still used
    /// up) under the same limit, the page token has the same issue time, the tokens the same
    /// version. Requests counted meanwhile do not matter while room is left: each is counted
    /// when applied, and its rate-limit headers are written from that count.
    package func holds(_ reads: BehaviourReads) -> Bool {
        if let tokens = reads.tokens, tokens != self.tokens.version { return false }
        if let dialogs = reads.dialogs, dialogs != self.dialogs.version { return false }
        if let read = reads.pageToken, pageTokenIssued(read.token, provider: read.provider) != read.issued { return false }
        if let quota = reads.quota {
            let now = quotaStanding(provider: quota.provider, credential: quota.credential, window: quota.window, defaultLimit: quota.packLimit)
            if now.limit != quota.limit || (now.countedBefore == nil) != (quota.countedBefore == nil) { return false }
        }
        return true
    }

    /// Applies a decision's effects, which `holds` found still valid; returns how many requests
    /// its quota had counted before this one, when it counts one.
    package mutating func apply(_ effects: BehaviourEffects) -> Int? {
        if let tokens = effects.tokens { self.tokens = tokens }
        if let dialogs = effects.dialogs { self.dialogs = dialogs }
        for issued in effects.pageTokens { issuePageToken(issued.token, provider: issued.provider, at: issued.at) }
        guard let quota = effects.quota else { return nil }
        return countRequest(provider: quota.provider, credential: quota.credential, window: quota.window, limit: quota.limit)
    }
}
