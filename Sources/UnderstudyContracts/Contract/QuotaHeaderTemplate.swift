import UnderstudyFixtures
import UnderstudySupport
/// A rate-limit header as a pack names it (`RateLimit-Remaining: {{quota.remaining}}`), its
/// value's placeholders resolved when the pack loads: filled on every counted request, it
/// compares no placeholder name then, and a value that is one placeholder is that value.
package struct QuotaHeaderTemplate: Sendable {
    /// What a part of the value is.
    package enum Part: Sendable {
        case literal(String)
        case limit
        case remaining
        case resetTime
        /// A placeholder the quota gives no value: filled with nothing, as `PackAnswer.fill` does.
        case unknown
    }

    package let name: String
    package let parts: [Part]

    /// Splits `value` at its `{{name}}` placeholders as `PackAnswer.fill` reads them.
    package init(name: String, value: String) {
        self.name = name
        var parts: [Part] = []
        PackAnswer.forEachPart(of: value) { part in
            switch part {
            case .literal(let text): parts.append(.literal(String(text)))
            case .placeholder("quota.limit"): parts.append(.limit)
            case .placeholder("quota.remaining"): parts.append(.remaining)
            case .placeholder("quota.resetTime"): parts.append(.resetTime)
            case .placeholder: parts.append(.unknown)
            }
        }
        self.parts = parts
    }

    /// The header with its placeholders filled: what `PackAnswer.fill` gives with these values.
    package func filled(limit: String, remaining: String, resetTime: String) -> HeaderField {
        func text(of part: Part) -> String {
            switch part {
            case .literal(let text): text
            case .limit: limit
            case .remaining: remaining
            case .resetTime: resetTime
            case .unknown: ""
            }
        }
        if parts.count == 1 { return HeaderField(name: name, value: text(of: parts[0])) }
        // Parts appended one by one, like `fill`: an empty value has no part at all.
        var value = ""
        for index in parts.indices { value += text(of: parts[index]) }
        return HeaderField(name: name, value: value)
    }
}
