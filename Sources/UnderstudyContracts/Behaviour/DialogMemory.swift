import Foundation

/// What a test says the dialog's user does (`PUT /__understudy/dialog/{provider}`): without
/// it, the consent page waits for a click.
public enum DialogUser: String, Sendable, CaseIterable {
    /// The dialog redirects with a code at once, as if the user pressed Continue.
    case continues
    /// The dialog redirects with the provider's "cancelled" parameters at once, as if the user pressed Cancel.
    case cancels
}

/// One code an authorization dialog issued: for whom, where it may be sent back to, until
/// when, and whether it was exchanged. It never holds the code itself (the memory's key does).
package struct AuthorizationCode: Sendable, Equatable {
    package let clientID: String
    package let redirectURI: String
    package let expiresAt: Date
    package var used = false

    package init(clientID: String, redirectURI: String, expiresAt: Date) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.expiresAt = expiresAt
    }
}

/// What a code exchange makes of a code.
package enum CodeRedemption: Sendable, Equatable {
    /// The session never issued it: the fixtures decide.
    case unknown
    /// Issued, and now used: the exchange goes on to the fixtures.
    case accepted
    case used
    case expired
    case wrongClient
    case wrongRedirectURI
}

/// What the authorization dialogs of one session remember: the codes they issued and what a
/// test said their user does. Keys start with the provider's name.
package struct DialogMemory {
    /// By provider and code.
    private var codes: [String: AuthorizationCode] = [:]
    /// How many codes the session issued (each code's number).
    private var issuedCount = 0
    /// By provider.
    private var users: [String: DialogUser] = [:]
    /// Counts the changes: a decision that read the memory at one version may install the copy
    /// it changed only while the session's memory is still at that version.
    package private(set) var version = 0

    package init() {}

    private static func key(_ provider: String, _ name: String) -> String { provider + " " + name }

    /// Issues a new code for `record`: `prefix` with the session's count appended.
    package mutating func issueCode(prefix: String, provider: String, record: AuthorizationCode) -> String {
        version &+= 1
        var code: String
        repeat {
            issuedCount += 1
            code = prefix + String(issuedCount)
        } while codes[Self.key(provider, code)] != nil
        codes[Self.key(provider, code)] = record
        return code
    }

    /// Judges `code` sent with `clientID` and `redirectURI` at `now`, and marks it used when
    /// it is accepted. A code refused for its client or redirect URI stays unused.
    package mutating func redeem(_ code: String, provider: String, clientID: String?, redirectURI: String?, now: Date) -> CodeRedemption {
        let key = Self.key(provider, code)
        guard var record = codes[key] else { return .unknown }
        if record.used { return .used }
        if record.expiresAt <= now { return .expired }
        if clientID != record.clientID { return .wrongClient }
        if redirectURI != record.redirectURI { return .wrongRedirectURI }
        record.used = true
        codes[key] = record
        version &+= 1
        return .accepted
    }

    package mutating func setUser(_ user: DialogUser?, for provider: String) {
        users[provider] = user
        version &+= 1
    }

    package func user(for provider: String) -> DialogUser? {
        users[provider]
    }
}
