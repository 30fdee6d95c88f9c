import Foundation

extension LoginGate {
    /// Finishes a login through Facebook's login dialog: `callback` is the URL the dialog sent
    /// the web view or authentication session to. A code is exchanged (code → user token →
    /// long-lived token) and the user returned; a cancel returns `nil` and changes nothing (the
    /// login screen stays). A callback with another `state`, another error or no code throws,
    /// and so does a Limited Login's authentication token: it cannot call the Graph API (check
    /// it with `LimitedLoginToken.validated` and hand it to the backend instead).
    @discardableResult
    public func logIn(through dialog: LoginDialog, callback: URL) async throws(RestaurantError) -> Graph.User? {
        switch try dialog.outcome(of: callback) {
        case .code(let code): return try await logIn(code: code, redirectURI: dialog.redirectURI)
        case .cancelled: return nil
        case .authenticationToken:
            throw .provider(
                ProviderError(
                    provider: .facebook, status: 302, code: "limited_login",
                    message: "a Limited Login returns an authentication token, which cannot call the Graph API; validate it with LimitedLoginToken"))
        }
    }
}
