import Foundation
import UnderstudySupport

/// Which request values are credentials, so they never reach a journal, a log or an error
/// message. Names are compared case-insensitively.
package enum Redaction {
    /// What a secret is replaced with wherever it would be shown.
    public static let placeholder = "REDACTED"

    /// Query parameters (and form fields) that carry credentials in the providers' APIs.
    public static let secretParameters: Set<String> = [
        "key", "api_key", "apikey", "access_token", "client_secret", "appsecret_proof",
        "fb_exchange_token", "input_token", "code", "token", "refresh_token", "password", "signature", "id_token",
    ]

    /// Headers that carry credentials.
    public static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-goog-api-key",
    ]

    /// Whether query parameter `name` is a credential.
    public static func isSecretParameter(_ name: String) -> Bool { secretParameters.contains(name.lowercased()) }

    /// Whether header `name` is a credential.
    public static func isSecretHeader(_ name: String) -> Bool { secretHeaders.contains(name.lowercased()) }

    /// `target` with the value of every secret query parameter, and the `user:password@` of
    /// a full-URL target, replaced by the placeholder.
    public static func target(_ target: String) -> String {
        let target = withoutUserInfo(target)
        guard let questionMark = target.firstIndex(of: "?") else { return target }
        return target[...questionMark] + form(target[target.index(after: questionMark)...])
    }

    /// `http://user:password@host/…` as `http://REDACTED@host/…`; other targets as they are.
    package static func withoutUserInfo(_ target: String) -> String {
        guard !target.hasPrefix("/"), let scheme = target.firstRange(of: "://") else { return target }
        let authorityEnd = target[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? target.endIndex
        guard let at = target[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return target }
        return String(target[..<scheme.upperBound]) + placeholder + String(target[at...])
    }

    /// Header `name`'s value as it may be shown: a credential keeps only its scheme
    /// (`Bearer REDACTED`), so a reader still sees which kind of credential was sent.
    public static func headerValue(name: String, value: String) -> String {
        guard isSecretHeader(name) else { return value }
        if let space = value.firstIndex(of: " "), value[..<space].allSatisfy(\.isLetter) { return value[..<space] + " " + placeholder }
        return placeholder
    }

    /// `name=value&…` with the values of secret names replaced by the placeholder.
    package static func form(_ text: Substring) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { part -> Substring in
            guard let equals = part.firstIndex(of: "=") else { return part }
            let name = PercentDecoding.decode(part[..<equals], plusAsSpace: true)
            return isSecretParameter(name) || secretMembers.contains(name.lowercased()) ? part[...equals] + placeholder : part
        }.joined(separator: "&")
    }

    /// JSON members (and form fields) that carry credentials in the providers' answers and bodies.
    package static let secretMembers: Set<String> = ["access_token", "refresh_token", "client_secret", "code", "id_token"]
}
