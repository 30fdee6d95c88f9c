import Crypto
import CryptoExtras
import Foundation
import UnderstudyJSON
import UnderstudySupport

/// An RSA key the fake signs OpenID Connect ID tokens with (RS256: RSASSA-PKCS1-v1_5 with
/// SHA-256, RFC 7518 §3.3), and its public half as a JSON Web Key. The cryptography is
/// swift-crypto's (`_RSA` of CryptoExtras, BoringSSL underneath); nothing here computes it.
package final class OpenIDSigningKey: Sendable {
    private let key: _RSA.Signing.PrivateKey
    /// The key's id: its RFC 7638 thumbprint (SHA-256 of the required members, base64url), so
    /// the same key always has the same id and a new key a new one.
    package let keyID: String
    /// The modulus and the public exponent, base64url (RFC 7518 §6.3.1).
    package let modulus: String
    package let exponent: String

    /// A new key of `bits` (2048, 3072 or 4096).
    package init(bits: Int) throws {
        key = try _RSA.Signing.PrivateKey(keySize: _RSA.Signing.KeySize(bitCount: bits))
        let primitives = try key.publicKey.getKeyPrimitives()
        modulus = Base64URL.encode(Self.withoutLeadingZeros(primitives.modulus))
        exponent = Base64URL.encode(Self.withoutLeadingZeros(primitives.publicExponent))
        // RFC 7638 §3.2: the required members in lexicographic order, no whitespace.
        let members = "{\"e\":\"\(exponent)\",\"kty\":\"RSA\",\"n\":\"\(modulus)\"}"
        keyID = Base64URL.encode(SHA256.hash(data: Array(members.utf8)))
    }

    /// The public key as a JSON Web Key (RFC 7517 §4, RFC 7518 §6.3), members as OpenID
    /// providers publish them in a JWKS.
    package var publicJWK: JSONValue {
        .object(["kid": .string(keyID), "kty": "RSA", "alg": "RS256", "use": "sig", "n": .string(modulus), "e": .string(exponent)])
    }

    /// The RS256 signature of `message`.
    package func signature(of message: [UInt8]) throws -> [UInt8] {
        Array(try key.signature(for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5).rawRepresentation)
    }

    /// Whether `signature` is this key's RS256 signature of `message`.
    package func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        key.publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5)
    }

    /// An unsigned big-endian integer as JWK writes it: without leading zero bytes (RFC 7518 §2,
    /// "Base64urlUInt").
    private static func withoutLeadingZeros(_ data: Data) -> [UInt8] {
        let bytes = Array(data)
        let first = bytes.firstIndex { $0 != 0 } ?? max(bytes.count - 1, 0)
        return Array(bytes[first...])
    }
}
