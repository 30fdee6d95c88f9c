import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

extension BodyScrubber {
    /// `"name": "value"` in a body that names a secret member but is not valid JSON (a
    /// duplicate member, a JSON-like text): the member and its string value, escapes included.
    private static let quotedMember = try! NSRegularExpression(pattern: #""([A-Za-z0-9_.-]+)"\s*:\s*"((?:[^"\\]|\\.)*)""#)  // a literal

    /// `body` with the string value of every secret `"name": "value"` pair replaced, found as
    /// text: for bodies that mention a secret member but do not parse, so could not be scrubbed
    /// member by member. A body that is not UTF-8 is returned as it is.
    static func scrubbedAsText(_ body: [UInt8], rules: Scrubbing, replaced: inout [Secret]) -> [UInt8] {
        guard let text = String(bytes: body, encoding: .utf8) else { return body }
        let source = text as NSString
        var result = ""
        var position = 0
        for match in quotedMember.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            let name = source.substring(with: match.range(at: 1))
            let raw = source.substring(with: match.range(at: 2))
            let value = (try? JSONParser.parse("\"\(raw)\""))?.stringValue ?? raw
            let replacement = rules.placeholder(name: name, value: value)
            guard rules.isSecretMember(name), value != replacement, value != Redaction.placeholder, !rules.keeps(value) else { continue }
            result += source.substring(with: NSRange(location: position, length: match.range(at: 2).location - position)) + replacement
            position = match.range(at: 2).location + match.range(at: 2).length
            replaced.append(Secret(name: name, value: value))
        }
        guard position > 0 else { return body }
        return Array((result + source.substring(from: position)).utf8)
    }
}
