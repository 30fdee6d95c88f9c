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
/// }
/// ```
public struct LoginDialog: Sendable, Hashable {
    /// What the dialog's callback says.
    public enum Outcome: Sendable, Hashable {
        /// The user continued: exchange this code (once, with the same redirect URI).
        case code(String)
        /// The user cancelled (`error=access_denied`, `error_reason=user_denied`).
        case cancelled
    }

    /// The dialog's URL, to open in the web view or authentication session.
    public let url: URL
    /// Where the dialog sends the browser back to; the code exchange must send the same text.
    public let redirectURI: String
    /// The value sent as `state` and expected back, so a callback this login did not start is refused.
    public let state: String

    /// A dialog of `configuration`'s app (its Facebook app id and Graph version) that asks for
    /// `scope` and sends the browser back to `redirectURI`; `state` defaults to a random value.
    public init(configuration: Configuration, redirectURI: String, scope: [String] = ["public_profile", "email"], state: String = UUID().uuidString) {
        self.redirectURI = redirectURI
        self.state = state
        var components = URLComponents(url: configuration.loginDialogOrigin, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = "/\(configuration.graphVersion)/dialog/oauth"
        components.queryItems = [
            URLQueryItem(name: "client_id", value: configuration.credentials.facebookAppID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "scope", value: scope.joined(separator: ",")),
        ]
        // URLComponents leaves `+`, `&`-free `/`, `:` and `?` as they are in a query; the
        // redirect URI and state travel as opaque values, so everything reserved is encoded.
        components.percentEncodedQuery = components.queryItems?.map { Self.encode($0.name) + "=" + Self.encode($0.value ?? "") }.joined(separator: "&")
        url = components.url ?? configuration.loginDialogOrigin
    }

    /// What `callback` (the URL the dialog redirected to) says: a code, or a cancel. Anything
    /// else throws a `RestaurantError.provider` (status 302: the dialog's redirect) naming what is wrong: another redirect URI, a
    /// `state` that is not this dialog's, another error, or no code.
    public func outcome(of callback: URL) throws(RestaurantError) -> Outcome {
        guard let components = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            callback.absoluteString.hasPrefix(redirectURI.split(separator: "?", maxSplits: 1).first.map(String.init) ?? redirectURI)
        else { throw Self.failure("callback_mismatch", "the callback \(Self.withoutQuery(callback)) is not the redirect URI \(redirectURI)") }
        var members: [String: String] = [:]
        for item in components.queryItems ?? [] where members[item.name] == nil { members[item.name] = item.value ?? "" }
        guard members["state"] == state else {
            throw Self.failure("state_mismatch", "the callback's state is not the one this login sent: a callback it did not start")
        }
        if let error = members["error"] {
            if error == "access_denied" && members["error_reason"] == "user_denied" { return .cancelled }
            throw Self.failure(error, members["error_description"] ?? members["error_reason"] ?? "the login dialog failed")
        }
        guard let code = members["code"], !code.isEmpty else { throw Self.failure("missing_code", "the callback carries neither a code nor an error") }
        return .code(code)
    }

    private static func failure(_ code: String, _ message: String) -> RestaurantError {
        .provider(ProviderError(provider: .facebook, status: 302, code: code, message: message))
    }

    /// `url` without its query, for messages (a callback's query holds the code).
    private static func withoutQuery(_ url: URL) -> String {
        url.absoluteString.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
