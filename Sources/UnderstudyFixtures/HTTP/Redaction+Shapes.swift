import Foundation

extension Redaction {
    /// A credential's well-known shape (a Google key, a Facebook token, a JWT, …), recognised
    /// wherever it stands, whatever the parameter, header or member is called.
    package struct Shape: @unchecked Sendable {
        // NSRegularExpression is immutable and documented thread-safe; hence @unchecked.
        package let kind: String
        package let expression: NSRegularExpression
        /// The capture group holding the credential itself (0: the whole match).
        package let group: Int

        init(_ kind: String, _ pattern: String, group: Int = 0) {
            self.kind = kind
            expression = try! NSRegularExpression(pattern: pattern)  // literals, checked by tests
            self.group = group
        }
    }

    /// The shapes the leak gate looks for, and what is shown is redacted by.
    package static let shapes: [Shape] = [
        Shape("Google API key", "AIza[0-9A-Za-z_-]{35}"),
        Shape("Facebook access token", "EAA[0-9A-Za-z]{20,}"),
        Shape("Facebook app access token", "\\b[0-9]{15,16}\\|[0-9A-Za-z_-]{20,}"),
        Shape("Bearer header with a literal token", "(?i)\\bbearer[ \\t]+([A-Za-z0-9._~+/=-]{8,})", group: 1),
        Shape("JSON Web Token", "eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*"),
        Shape("AWS access key", "\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b"),
        Shape("Stripe live key", "\\b(?:sk|rk|pk)_live_[0-9A-Za-z]{10,}"),
        Shape("GitHub token", "\\bgh[pousr]_[A-Za-z0-9]{30,}"),
        Shape("Slack token", "\\bxox[abposr]-[A-Za-z0-9-]{10,}"),
        Shape("private key", "-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    ]

    /// `text` with every value of a credential's shape replaced by the placeholder, whatever
    /// name it came under: what the journal, the dashboard and the miss reports show.
    package static func shapesRedacted(_ text: String) -> String {
        guard mayHoldShape(text) else { return text }
        let mutable = NSMutableString(string: text)
        var ranges: [NSRange] = []
        let whole = NSRange(location: 0, length: mutable.length)
        for shape in shapes {
            for match in shape.expression.matches(in: text, range: whole) { ranges.append(match.range(at: shape.group)) }
        }
        // From the end, so earlier ranges keep their offsets; overlapping ones are merged first.
        for range in merged(ranges).reversed() { mutable.replaceCharacters(in: range, with: placeholder) }
        return mutable as String
    }

    /// Whether `text` could hold a shape: a cheap look for the few letters each shape needs, so
    /// the expressions run only on text that may match.
    private static func mayHoldShape(_ text: String) -> Bool {
        ["AIza", "EAA", "|", "earer", "EARER", "eyJ", "AKIA", "ASIA", "_live_", "gh", "xox", "-----BEGIN"].contains { text.contains($0) }
    }

    private static func merged(_ ranges: [NSRange]) -> [NSRange] {
        var result: [NSRange] = []
        for range in ranges.sorted(by: { $0.location < $1.location }) where range.location != NSNotFound {
            if let last = result.last, range.location <= NSMaxRange(last) {
                result[result.count - 1] = NSUnionRange(last, range)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
