import Foundation

/// Whether the app shows its login screen.
public enum LoginState: Sendable, Hashable {
    /// Launch has not checked the stored token yet.
    case unknown
    /// Show the login screen.
    case loggedOut
    /// Skip it: this user is logged in.
    case loggedIn(Graph.User)
}

/// The Places challenge's login gate. On launch a stored token is checked with Facebook: still
/// valid, the user is logged in without seeing a login screen; expired or invalid, the token
/// is cleared and the user logged out. Logging in exchanges the dialog's short-lived token
/// (or code) for a long-lived one and fetches the user.
public actor LoginGate {
    private let graph: GraphClient
    private let tokens: TokenStore
    private let now: @Sendable () -> Date
    /// What the app shows.
    public private(set) var state = LoginState.unknown
    /// The last failure to write or clear the stored token (the session goes on regardless).
    public private(set) var storeProblem: StoreError?

    /// A gate over `graph`, keeping the token in `tokens`; `now` is the clock token expiry is
    /// judged by.
    public init(graph: GraphClient, tokens: TokenStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.graph = graph
        self.tokens = tokens
        self.now = now
    }

    /// Checks the stored token. A token Facebook rejects is cleared; a network failure
    /// throws and keeps it, to try again later.
    @discardableResult
    public func launch() async throws(RestaurantError) -> LoginState {
        guard let token = await tokens.token else {
            state = .loggedOut
            return state
        }
        do {
            let info = try await graph.debugToken(token.accessToken).data
            let expiresAt = info.expiresAt ?? 0
            guard info.isValid, expiresAt == 0 || Date(timeIntervalSince1970: TimeInterval(expiresAt)) > now() else {
                return await forget()
            }
            state = .loggedIn(try await graph.me(token: token.accessToken))
        } catch let error where error.providerError?.isInvalidToken == true {
            return await forget()
        }
        return state
    }

    /// Logs in with the login dialog's short-lived token.
    @discardableResult
    public func logIn(shortLivedToken: String) async throws(RestaurantError) -> Graph.User {
        let long = try await graph.longLivedToken(for: shortLivedToken)
        let user = try await graph.me(token: long.accessToken)
        do {
            try await tokens.save(StoredToken(accessToken: long.accessToken, expiresAt: long.expiresIn.map { now().addingTimeInterval(TimeInterval($0)) }))
        } catch {
            storeProblem = error  // logged in for this run; the next launch asks again
        }
        state = .loggedIn(user)
        return user
    }

    /// Logs in with the login dialog's `code` (manual flow): code → user token → long-lived token.
    @discardableResult
    public func logIn(code: String, redirectURI: String) async throws(RestaurantError) -> Graph.User {
        let token = try await graph.exchange(code: code, redirectURI: redirectURI)
        return try await logIn(shortLivedToken: token.accessToken)
    }

    /// Logs out and forgets the token.
    public func logOut() async {
        _ = await forget()
    }

    /// Logs out and removes the app from the user's Facebook account: the stored token's
    /// permissions are revoked, so it and every other token of the user stop working, then the
    /// token is forgotten. A token Facebook already refuses counts as revoked; a network
    /// failure throws and keeps the token, to try again later. The next login is a new one.
    public func revokeAndLogOut() async throws(RestaurantError) {
        if let token = await tokens.token {
            do {
                try await graph.revokeApp(token: token.accessToken)
            } catch let error where error.providerError?.isInvalidToken == true {
                // Revoked, expired or unknown already: nothing left to revoke.
            }
        }
        _ = await forget()
    }

    private func forget() async -> LoginState {
        do {
            try await tokens.clear()
        } catch {
            storeProblem = error
        }
        state = .loggedOut
        return state
    }
}
