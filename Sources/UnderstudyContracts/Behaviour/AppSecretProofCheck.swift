import Crypto
import Foundation

/// The HMAC of `appsecret_proof`, from swift-crypto's `Crypto` module on every platform (on
/// Apple's it forwards to CryptoKit): one code path, and no cryptography of our own.
extension PackBehaviours.AppSecretProof {
    /// Whether `sent` is the proof of `token` under `secret`: the HMAC-SHA256 of the token
    /// keyed by the secret, in hexadecimal (either case), compared in constant time.
    package func holds(_ sent: String, for token: String, secret: String) -> Bool {
        guard let code = Self.bytes(ofHex: sent) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Array(token.utf8), using: SymmetricKey(data: Array(secret.utf8)))
    }

    /// The proof of `token` under `secret`, as clients send it: lower-case hexadecimal.
    package static func proof(of token: String, secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(token.utf8), using: SymmetricKey(data: Array(secret.utf8)))
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(SHA256.byteCount * 2)
        for byte in code {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes hexadecimal `text` spells; `nil` when it is not an SHA-256 code's 64 digits.
    private static func bytes(ofHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == SHA256.byteCount * 2 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(SHA256.byteCount)
        var index = 0
        while index < digits.count {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
