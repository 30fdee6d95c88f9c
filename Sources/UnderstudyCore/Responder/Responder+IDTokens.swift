import Foundation
import UnderstudyJSON
import UnderstudyContracts

/// ID tokens for tests: what a login of the provider's test user would hand the app (the
/// login dialog's `id_token`), minted with the key the provider's key set publishes.
extension Responder {
    /// A new ID token from `provider` (a pack with `behaviours.openIDConnect`) for its test
    /// user, carrying `nonce`; `claims` replace the server's (`null` leaves one out), so a test
    /// can mint a token for another app or user. `iat` is now on the server's clock. Minted in
    /// `session` (the default one when `nil`): an uninstall there ends it.
    package func mintIDToken(
        for provider: String, nonce: String?, claims: [String: JSONValue] = [:], in session: ResponderSession? = nil
    ) throws -> (token: String, claims: [String: JSONValue]) {
        guard let pack = contracts?.pack(named: provider) else {
            throw IDTokenMintError.notAnOpenIDProvider(provider)
        }
        let minted = try openIDIssuers.mint(for: pack, nonce: nonce, overriding: claims, now: clock.now)
        if let tokenID = minted.claims["jti"]?.stringValue {
            (session ?? defaultSession).update { $0.behaviours.tokens.noteIDTokenMinted(tokenID, provider: provider) }
        }
        return minted
    }

    /// `mintIDToken(for:nonce:claims:in:)`'s token, with text claims replacing the server's
    /// (`["aud": "another-app"]`, `["sub": "…"]`).
    public func idToken(for provider: String, nonce: String?, claims: [String: String] = [:], in session: ResponderSession? = nil) throws -> String {
        try mintIDToken(for: provider, nonce: nonce, claims: claims.mapValues(JSONValue.string), in: session).token
    }

    /// The providers whose packs mint ID tokens, by name.
    package var openIDProviders: [String] {
        (contracts?.packs ?? []).filter { $0.behaviours.openIDConnect != nil }.map(\.provider).sorted()
    }
}

extension ResponderSession {
    /// The users of `provider` whose ID token was sent to its uninstall operation in this
    /// session: their tokens minted until then are ended.
    public func uninstalledUsers(for provider: String) -> [String] {
        read { $0.behaviours.tokens.idTokens.uninstalledUsers(provider: provider) }
    }
}
