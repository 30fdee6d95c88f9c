import Foundation
import UnderstudyJSON
import UnderstudySupport

/// Why an ID token could not be minted; names no token.
package enum IDTokenMintError: Error, CustomStringConvertible, Sendable {
    /// The provider's pack has no `behaviours.openIDConnect`.
    case notAnOpenIDProvider(String)
    /// No `sub` claim: no fixture answers the user operation and the request gave none.
    case noSubject(provider: String, operation: String?)
    /// A claim the server sets was given something it cannot hold.
    case invalidClaim(String, expected: String)
    /// swift-crypto could not make or use the key.
    case signing(String)

    package var description: String {
        switch self {
        case .notAnOpenIDProvider(let provider):
            "the \(provider) contract has no behaviours.openIDConnect, so it mints no ID tokens"
        case .noSubject(let provider, let operation):
            "no \"sub\" claim for \(provider): no fixture answers \(operation ?? "behaviours.openIDConnect.user.operation") with the user's id, "
                + "so pass the claim yourself ({\"claims\": {\"sub\": \"…\"}})"
        case .invalidClaim(let claim, let expected):
            "claim \"\(claim)\": expected \(expected)"
        case .signing(let reason):
            "the signing key failed: \(reason)"
        }
    }
}

extension OpenIDIssuers {
    /// A new ID token of `pack`'s test user, as the provider would issue it after a login:
    /// the user's claims, `iss` from the discovery document, `aud` the app, `iat` now on the
    /// server's clock, `exp` the pack's lifetime later, a new `jti`, and `nonce` when given;
    /// then `overriding` (a claim set to `null` is left out), so a test can mint a token with
    /// another audience or user. The caller notes the token's `jti` in the session
    /// (`TokenMemory.noteIDTokenMinted`), so that an uninstall ends it.
    package func mint(
        for pack: ProviderPack, nonce: String?, overriding: [String: JSONValue] = [:], now: Date
    ) throws(IDTokenMintError) -> (token: String, claims: [String: JSONValue]) {
        guard let openID = pack.behaviours.openIDConnect else { throw .notAnOpenIDProvider(pack.provider) }
        var claims = userClaims(for: pack, openID)
        let issuedAt = Int(now.timeIntervalSince1970.rounded(.down))
        claims["iss"] = .string(openID.issuer)
        claims["aud"] = .string(openID.audience)
        claims["iat"] = .number(JSONNumber(issuedAt))
        claims["exp"] = .number(JSONNumber(issuedAt + Int(openID.lifetime.rounded(.up))))
        claims["jti"] = .string(Self.newTokenID())
        if let nonce { claims["nonce"] = .string(nonce) }
        for (claim, value) in overriding {
            // Not `value == .null ? nil : value`: JSONValue takes `nil` for `null`.
            if value == .null { claims.removeValue(forKey: claim) } else { claims[claim] = value }
        }
        guard case .string(let subject)? = claims["sub"], !subject.isEmpty else {
            if let sub = claims["sub"], sub != .null { throw .invalidClaim("sub", expected: "a non-empty string (the user's id)") }
            throw .noSubject(provider: pack.provider, operation: openID.userOperation)
        }
        guard case .string(let tokenID)? = claims["jti"], !tokenID.isEmpty else { throw .invalidClaim("jti", expected: "a non-empty string") }
        let token: String
        do {
            token = try JSONWebToken.mint(claims: claims, key: key(for: pack, openID))
        } catch {
            throw .signing(String(describing: error))
        }
        return (token, claims)
    }

    /// A token id no other token has: 128 random bits, hexadecimal.
    private static func newTokenID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}
