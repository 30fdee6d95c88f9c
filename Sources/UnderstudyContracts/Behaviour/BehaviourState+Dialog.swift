import Foundation

/// The authorization dialog's way to its session's memory (`DialogMemory`): one lock each.
extension BehaviourState {
    /// Issues a new code for `record`; returns it.
    package func issueCode(prefix: String, provider: String, record: AuthorizationCode) -> String {
        store.updateBehaviours { $0.dialogs.issueCode(prefix: prefix, provider: provider, record: record) }
    }

    /// Judges a code sent to the exchange, and uses it up when it is accepted.
    package func redeemCode(_ code: String, provider: String, clientID: String?, redirectURI: String?, now: Date) -> CodeRedemption {
        store.updateBehaviours { $0.dialogs.redeem(code, provider: provider, clientID: clientID, redirectURI: redirectURI, now: now) }
    }

    /// What a test said the dialog's user does; `nil`: the page waits for a click.
    package func dialogUser(provider: String) -> DialogUser? {
        store.readBehaviours { $0.dialogs.user(for: provider) }
    }
}
