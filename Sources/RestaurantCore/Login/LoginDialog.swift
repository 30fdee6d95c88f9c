import Foundation

/// One login through Facebook's login dialog, for a web view or `ASWebAuthenticationSession`
/// (Meta's manual login flow): the URL to open, and what the callback URL it ends on means.
///
/// ```swift
/// let dialog = LoginDialog(configuration: configuration, redirectURI: "fb138483919580948://authorize/")
/// // open dialog.url; the session calls back with the URL the dialog redirected to
/// switch try dialog.outcome(of: callbackURL) {
/// case .code(let code): try await gate.logIn(code: code, redirectURI: dialog.redirectURI)
/// case .cancelled: break  // the user pressed Cancel: stay on the login screen
/// case .authenticationToken: break  // only when the dialog was asked for Limited Login
/// }
/// ```
///
/// For Limited Login (users who decline tracking), give a nonce: the dialog is asked for an
/// ID token, as Facebook's iOS SDK asks, and the callback's token is checked with
/// `LimitedLoginToken.validated(_:appID:nonce:now:)` (its signature is the backend's to check).
public struct LoginDialog: Sendable, Hashable {
    /// What the dialog's callback says.
    public enum Outcome: Sendable, Hashable {
        /// The user continued: exchange this code (once, with the same redirect URI).
        case code(String)
        /// The user cancelled (`error=access_denied`, `error_reason=user_denied`).
        case cancelled
        /// The user continued a Limited Login: the authentication token (an OpenID Connect ID
        /// token), whose claims this login's `nonce` must match.
        case authenticationToken(String)
    }

    /// The dialog's URL, to open in the web view or authentication session.
    public let url: URL
    /// Where the dialog sends the browser back to; the code exchange must send the same text.
    public let redirectURI: String
    /// The value sent as `state` and expected back, so a callback this login did not start is refused.
    public let state: String
    /// The nonce of a Limited Login, carried by the authentication token it sends back; `nil`
    /// for the manual flow's code.
    public let nonce: String?

    /// A dialog of `configuration`'s app (its Facebook app id and Graph version) that asks for
    /// `scope` and sends the browser back to `redirectURI`; `state` defaults to a random value.
    /// With `limitedLoginNonce`, the dialog is asked for an authentication token carrying it
    /// (`response_type=id_token,graph_domain,user_token_nonce`, as the iOS SDK asks) instead of a code.
    public init(
        configuration: Configuration, redirectURI: String, scope: [String] = ["public_profile", "email"], state: String = UUID().uuidString,
        limitedLoginNonce: String? = nil
    ) {
        self.redirectURI = redirectURI
        self.state = state
        nonce = limitedLoginNonce
        var components = URLComponents(url: configuration.loginDialogOrigin, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = "/\(configuration.graphVersion)/dialog/oauth"
        components.queryItems = [
            URLQueryItem(name: "client_id", value: configuration.credentials.facebookAppID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "response_type", value: limitedLoginNonce == nil ? "code" : "id_token,graph_domain,user_token_nonce"),
            URLQueryItem(name: "scope", value: scope.joined(separator: ",")),
        ]
        if let limitedLoginNonce {
            components.queryItems?.append(contentsOf: [URLQueryItem(name: "nonce", value: limitedLoginNonce), URLQueryItem(name: "tp", value: "ios_14_do_not_track")])
        }
        // URLComponents leaves `+`, `&`-free `/`, `:` and `?` as they are in a query; the
        // redirect URI and state travel as opaque values, so everything reserved is encoded.
        components.percentEncodedQuery = components.queryItems?.map { Self.encode($0.name) + "=" + Self.encode($0.value ?? "") }.joined(separator: "&")
        url = components.url ?? configuration.loginDialogOrigin
    }

    /// What `callback` (the URL the dialog redirected to) says: a code, an authentication token
    /// (in its fragment, for a Limited Login), or a cancel. Anything
    /// else throws a `RestaurantError.provider` (status 302: the dialog's redirect) naming what is wrong: another redirect URI, a
    /// `state` that is not this dialog's, another error, or no code.
    public func outcome(of callback: URL) throws(RestaurantError) -> Outcome {
        guard let components = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            callback.absoluteString.hasPrefix(redirectURI.split(separator: "?", maxSplits: 1).first.map(String.init) ?? redirectURI)
        else { throw Self.failure("callback_mismatch", "the callback \(Self.withoutQuery(callback)) is not the redirect URI \(redirectURI)") }
        var members: [String: String] = [:]
        for item in components.queryItems ?? [] where members[item.name] == nil { members[item.name] = item.value ?? "" }
        // A token comes in the fragment, as `name=value&…`, which no server sees.
        var fragment = URLComponents()
        fragment.percentEncodedQuery = components.percentEncodedFragment
        for item in fragment.queryItems ?? [] where members[item.name] == nil { members[item.name] = item.value ?? "" }
        guard members["state"] == state else {
            throw Self.failure("state_mismatch", "the callback's state is not the one this login sent: a callback it did not start")
        }
        if let error = members["error"] {
            if error == "access_denied" && members["error_reason"] == "user_denied" { return .cancelled }
            throw Self.failure(error, members["error_description"] ?? members["error_reason"] ?? "the login dialog failed")
        }
        if nonce != nil {
            guard let token = members["id_token"], !token.isEmpty else {
                throw Self.failure("missing_id_token", "the callback of a Limited Login carries neither an authentication token nor an error")
            }
            return .authenticationToken(token)
        }
        guard let code = members["code"], !code.isEmpty else { throw Self.failure("missing_code", "the callback carries neither a code nor an error") }
        return .code(code)
    }

    private static func failure(_ code: String, _ message: String) -> RestaurantError {
        .provider(ProviderError(provider: .facebook, status: 302, code: code, message: message))
    }

    /// `url` without its query or fragment, for messages (they hold the code or the token).
    private static func withoutQuery(_ url: URL) -> String {
        url.absoluteString.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
