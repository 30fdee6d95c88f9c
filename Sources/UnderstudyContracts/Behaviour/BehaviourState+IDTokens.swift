import Foundation

/// The OpenID Connect behaviour's way to its session's memory (`IDTokenMemory`): each call
/// takes the session's lock once.
extension BehaviourState {
    /// Notes a token minted in this session, by its `jti`.
    package func noteIDTokenMinted(_ tokenID: String, provider: String) {
        store.updateBehaviours { $0.tokens.idTokens.noteMinted(tokenID, provider: provider) }
    }

    /// Whether the token `tokenID` of `user` was ended by an uninstall in this session.
    package func isIDTokenEnded(_ tokenID: String, user: String, provider: String) -> Bool {
        store.readBehaviours { $0.tokens.idTokens.isEnded(tokenID, user: user, provider: provider) }
    }

    /// Uninstalls the user of token `tokenID`, under one lock; `false` when the token was
    /// already ended (its user uninstalled since it was minted).
    package func uninstallIDTokenUser(_ user: String, tokenID: String, provider: String) -> Bool {
        store.updateBehaviours { memory in
            guard !memory.tokens.idTokens.isEnded(tokenID, user: user, provider: provider) else { return false }
            memory.tokens.idTokens.uninstall(user, provider: provider)
            return true
        }
    }

    /// The users uninstalled in this session.
    package func uninstalledIDTokenUsers(provider: String) -> [String] {
        store.readBehaviours { $0.tokens.idTokens.uninstalledUsers(provider: provider) }
    }
}
