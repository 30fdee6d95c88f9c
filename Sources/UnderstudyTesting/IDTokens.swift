import UnderstudyCore

extension TestServer {
    /// An ID token from `provider` for its test user, as a login with `nonce` would give the
    /// app: signed with the key the provider's key set serves, `iat` now on `clock`, so moving
    /// the clock past its lifetime expires it. `claims` replace the server's: a token for
    /// another app is `claims: ["aud": "another-app"]`. The default session
    /// mints it, so its uninstall shows in `uninstalledUsers(for:)`. The same as
    /// `POST /__understudy/idtoken/{provider}`.
    public func idToken(nonce: String, claims: [String: String] = [:], for provider: String) throws -> String {
        try responder.idToken(for: provider, nonce: nonce, claims: claims)
    }

    /// The users of `provider` uninstalled in the default session (their ID token was sent to
    /// the provider's uninstall operation): their tokens minted until then are ended.
    public func uninstalledUsers(for provider: String) -> [String] {
        responder.defaultSession.uninstalledUsers(for: provider)
    }
}
