import Foundation
import UnderstudyJSON
import UnderstudySupport

/// Compact JSON Web Tokens signed RS256 (RFC 7519, RFC 7515 §7.1): claims in, token out, and
/// back. Made for the fake's own ID tokens, so checking one needs only the key that signed it.
/// A token is a credential: nothing here writes one into a message.
package enum JSONWebToken {
    /// The compact token for `claims` (a JSON object's members), signed by `key`: header
    /// `{"alg": "RS256", "kid": …, "typ": "JWT"}`, as OpenID providers write ID tokens.
    package static func mint(claims: [String: JSONValue], key: OpenIDSigningKey) throws -> String {
        let header: JSONValue = .object(["alg": "RS256", "kid": .string(key.keyID), "typ": "JWT"])
        let signed = Base64URL.encode(JSONWriter.bytes(header)) + "." + Base64URL.encode(JSONWriter.bytes(.object(claims)))
        return signed + "." + Base64URL.encode(try key.signature(of: Array(signed.utf8)))
    }

    /// Why a token was refused; names no part of the token.
    package enum Refusal: String, Error, Sendable {
        case malformed = "not three base64url parts holding a JSON header and JSON claims"
        case unsupportedAlgorithm = "its header does not say alg RS256"
        case unknownKey = "its header names no key this server signs with"
        case badSignature = "its signature does not verify"
    }

    /// The claims of `token` when it is well formed and `key` signed it; the reason otherwise.
    /// The claims' meaning (expiry, audience) is the caller's to judge.
    package static func verifiedClaims(of token: String, key: OpenIDSigningKey) -> Result<[String: JSONValue], Refusal> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]), case .object(let header)? = try? JSONParser.parse(headerBytes),
            case .object(let claims)? = try? JSONParser.parse(claimBytes)
        else { return .failure(.malformed) }
        guard header["alg"]?.stringValue == "RS256" else { return .failure(.unsupportedAlgorithm) }
        guard header["kid"]?.stringValue == key.keyID else { return .failure(.unknownKey) }
        let signed = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        guard key.isValidSignature(signature, of: signed) else { return .failure(.badSignature) }
        return .success(claims)
    }
}
