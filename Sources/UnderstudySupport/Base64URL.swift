import Foundation

/// Base64url (RFC 4648 §5) without padding, as JSON Web Tokens and JSON Web Keys write bytes
/// (RFC 7515 §2): `-` and `_` for `+` and `/`, no trailing `=`.
package enum Base64URL {
    /// `bytes` in base64url, unpadded.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return String(text.map { character -> Character in
            switch character {
            case "+": "-"
            case "/": "_"
            default: character
            }
        })
    }

    /// The bytes `text` spells in base64url, padded or not; `nil` when it holds anything else
    /// (standard base64's `+` and `/` included), has an impossible length, or is not the
    /// canonical spelling of its bytes (unused bits of the last character set).
    package static func decode(_ text: Substring) -> [UInt8]? {
        guard text.utf8.count % 4 != 1 else { return nil }
        var standard = ""
        standard.reserveCapacity(text.utf8.count + 3)
        for character in text {
            switch character {
            case "-": standard.append("+")
            case "_": standard.append("/")
            case "+", "/": return nil
            default: standard.append(character)
            }
        }
        if let padding = standard.firstIndex(of: "="), standard[padding...].contains(where: { $0 != "=" }) { return nil }
        standard = standard.replacingOccurrences(of: "=", with: "")
        while standard.utf8.count % 4 != 0 { standard.append("=") }
        guard let bytes = Data(base64Encoded: standard).map(Array.init) else { return nil }
        // Only the canonical spelling: a last character whose unused bits are set spells the
        // same bytes, so a token changed there would otherwise still verify.
        guard encode(bytes) == text.replacingOccurrences(of: "=", with: "") else { return nil }
        return bytes
    }
}
