import Foundation

/// The authentication token Facebook's iOS SDK hands an app in Limited Login (when the user
/// declines tracking): an OpenID Connect ID token, a JWT signed RS256, in place of an access
/// token. The app checks what Meta's "Validating the Limited Login OIDC Token" lists that a
/// device can check without cryptography: the token is well formed, and its claims are right:
/// `iss` is Facebook's, `aud` is the app, `exp` has not passed, `nonce` is the one the login
/// sent; and, as the SDK's own `AuthenticationTokenClaims` does, it was issued in the last ten
/// minutes and names a user and a token id.
///
/// The signature is not checked here: that needs the key from Facebook's JWK set and an RSA
/// verifier, which Foundation does not have on every platform this core builds for. The app's
/// backend verifies the signature (with any JWT library pointed at the JWK set) before it
/// trusts the user; these checks only keep the app from acting on a token meant for another
/// login, another app or another time.
public struct LimitedLoginToken: Sendable, Equatable {
    /// The user's id for this app (`sub`).
    public let userID: String
    /// The user's name and email, when the token carries them (`email` only when granted).
    public let name: String?
    public let email: String?
    /// When it was issued and when it stops being valid (`iat`, `exp`).
    public let issuedAt: Date
    public let expiresAt: Date

    /// How long after `iat` the SDK still accepts a token.
    public static let maximumAge: TimeInterval = 600

    /// Why a token was refused. No case holds the token or a part of it.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not three base64url parts with a JSON header (alg RS256, a kid) and JSON claims.
        case malformed
        /// `iss` is not a facebook.com address.
        case wrongIssuer
        /// `aud` is not this app's id.
        case wrongAudience
        /// `exp` is at or before now.
        case expired
        /// `iat` is more than `maximumAge` ago, or after now.
        case notRecent
        /// `nonce` is not the one this login sent.
        case wrongNonce
        /// A claim every token carries is missing or of the wrong type.
        case missingClaim(String)

        public var description: String {
            switch self {
            case .malformed: "the authentication token is not a well-formed RS256 JWT"
            case .wrongIssuer: "the authentication token was not issued by facebook.com"
            case .wrongAudience: "the authentication token is for another app"
            case .expired: "the authentication token has expired"
            case .notRecent: "the authentication token was not issued in the last ten minutes"
            case .wrongNonce: "the authentication token answers another login (its nonce differs)"
            case .missingClaim(let name): "the authentication token has no valid \(name) claim"
            }
        }
    }

    /// `token`'s claims once they pass the checks above for the app `appID` and the login that
    /// sent `nonce`, judged at `now`.
    public static func validated(_ token: String, appID: String, nonce: String, now: Date = Date()) throws(Refusal) -> LimitedLoginToken {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[2].isEmpty, let header = decoded(Header.self, parts[0]), let claims = decoded(Claims.self, parts[1]),
            header.alg == "RS256", header.kid?.isEmpty == false
        else { throw .malformed }
        guard let issuer = claims.iss, let host = URL(string: issuer)?.host?.lowercased(), host == "facebook.com" || host.hasSuffix(".facebook.com")
        else { throw .wrongIssuer }
        guard claims.aud == appID else { throw .wrongAudience }
        guard let expiry = claims.exp else { throw .missingClaim("exp") }
        guard now.timeIntervalSince1970 < expiry else { throw .expired }
        guard let issued = claims.iat else { throw .missingClaim("iat") }
        guard issued >= now.timeIntervalSince1970 - maximumAge, issued <= now.timeIntervalSince1970 + 60 else { throw .notRecent }
        guard claims.nonce == nonce, !nonce.isEmpty else { throw .wrongNonce }
        guard let user = claims.sub, !user.isEmpty else { throw .missingClaim("sub") }
        guard claims.jti?.isEmpty == false else { throw .missingClaim("jti") }
        return LimitedLoginToken(
            userID: user, name: claims.name, email: claims.email, issuedAt: Date(timeIntervalSince1970: issued), expiresAt: Date(timeIntervalSince1970: expiry))
    }

    private struct Header: Decodable {
        let alg: String?
        let kid: String?
    }

    /// The claims read; a claim of another type than these makes the token malformed.
    private struct Claims: Decodable {
        let iss: String?, aud: String?, sub: String?, jti: String?, nonce: String?, name: String?, email: String?
        let exp: TimeInterval?, iat: TimeInterval?
    }

    /// The JSON a base64url part spells, decoded as `type`.
    private static func decoded<T: Decodable>(_ type: T.Type, _ part: Substring) -> T? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }
}
