import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// What credentials look like: the well-known key and token shapes, wherever they appear, and
/// random-looking values in credential positions (the value of a secret-named parameter,
/// header or member). Plainly fake values (`FakeCredentials.isFake`) never count.
package enum CredentialShapes {
    /// The well-known key and token shapes (one list, `Redaction.shapes`, which also redacts
    /// what the journal and the miss reports show).
    package static var shapes: [Redaction.Shape] { Redaction.shapes }

    /// Names whose values are credentials: Understudy's own lists and common spellings.
    package static let secretNames: Set<String> = Redaction.secretParameters
        .union(Redaction.secretHeaders)
        .union(Redaction.secretMembers)
        .union(["secret", "app_secret", "api-key", "private_key", "id_token", "session_token", "auth_token", "client-secret"])

    /// Secret names as one regular-expression alternation, longest first.
    private static let nameAlternation = secretNames.sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")

    /// A secret name and its value inside a longer text, in each way a body or URL writes one:
    /// `name=value` (URLs, forms, HTML), `"name": "value"` (JSON that did not parse, such as one
    /// with a duplicate member), and a `multipart/form-data` part named `name`. Capture group 1
    /// is the name, 2 the value.
    package static let namedValues: [NSRegularExpression] = [
        "(?:^|[?&#;,\\s\"'])(\(nameAlternation))=([^&#\\s\"'<>]+)",
        "[\"'](\(nameAlternation))[\"']\\s*:\\s*[\"']([^\"'\\s]+)[\"']",
        "name\\s*=\\s*[\"']?(\(nameAlternation))[\"']?[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([^\\r\\n]+)",
    ].map { try! NSRegularExpression(pattern: "(?i)" + $0) }  // literals, checked by tests

    /// Every credential-looking value in `text`: (kind, value, UTF-16 offset).
    package static func matches(in text: String) -> [(kind: String, value: String, offset: Int)] {
        let range = NSRange(text.startIndex..., in: text)
        var found: [(String, String, Int)] = []
        for shape in shapes {
            for match in shape.expression.matches(in: text, range: range) {
                let value = (text as NSString).substring(with: match.range(at: shape.group))
                if !FakeCredentials.isFake(value) { found.append((shape.kind, value, match.range.location)) }
            }
        }
        for match in namedValues.flatMap({ $0.matches(in: text, range: range) }) {
            let name = (text as NSString).substring(with: match.range(at: 1))
            let value = (text as NSString).substring(with: match.range(at: 2))
            if looksRandom(value), !found.contains(where: { $0.1.contains(value) || value.contains($0.1) }) {
                found.append(("random-looking value of \(name.lowercased())", value, match.range.location))
            }
        }
        return found
    }

    /// Whether `value`, found where a credential goes, looks like one: at least 16 characters
    /// without spaces, letters mixed with digits (or both cases), and at least 3 bits of
    /// entropy per character. Error codes (`VALIDATION_ERROR`) and words do not.
    package static func looksRandom(_ value: String) -> Bool {
        let characters = Array(value.unicodeScalars)
        guard characters.count >= 16, !FakeCredentials.isFake(value), value != Redaction.placeholder,
            !characters.contains(where: { $0.properties.isWhitespace })
        else { return false }
        let lower = characters.contains { ("a"..."z").contains($0) }
        let upper = characters.contains { ("A"..."Z").contains($0) }
        let digit = characters.contains { ("0"..."9").contains($0) }
        guard [lower, upper, digit].filter({ $0 }).count >= 2 else { return false }
        var counts: [Unicode.Scalar: Int] = [:]
        for character in characters { counts[character, default: 0] += 1 }
        let total = Double(characters.count)
        let entropy = counts.values.reduce(0.0) { sum, count in
            let p = Double(count) / total
            return sum - p * log2(p)
        }
        return entropy >= 3.0
    }

    /// The first credential a free-form text holds: one of `names` followed by `=` or `:` (as in
    /// a form, JSON or a header line), or a well-known credential shape.
    package static func mentioned(in text: String, names: Set<String>) -> String? {
        let alternatives = names.sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        if let expression = try? NSRegularExpression(pattern: "(?i)(?:^|[^A-Za-z0-9_-])(\(alternatives))[\"']?\\s*[:=]"),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        {
            return (text as NSString).substring(with: match.range(at: 1)).lowercased()
        }
        return matches(in: text).first.map { "a \($0.kind)" }
    }
}
