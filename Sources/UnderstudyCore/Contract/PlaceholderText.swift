/// A text with `{{name}}` placeholders, split once when the pack loads: `PackAnswer.fill`
/// splits its text on every call, and rate-limit headers are filled on every counted request.
struct PlaceholderText: Sendable {
    enum Part: Sendable {
        case literal(String)
        case placeholder(String)
    }

    let text: String
    let parts: [Part]
    private let hasPlaceholder: Bool

    init(_ text: String) {
        var parts: [Part] = []
        PackAnswer.forEachPart(of: text) { part in
            switch part {
            case .literal(let literal): parts.append(.literal(String(literal)))
            case .placeholder(let name): parts.append(.placeholder(String(name)))
            }
        }
        self.text = text
        self.parts = parts
        hasPlaceholder = parts.contains { if case .placeholder = $0 { true } else { false } }
    }

    /// What `PackAnswer.fill(text, values)` gives when `value(name)` is `values[name]`: each
    /// placeholder replaced (by nothing when it has no value), the text itself when it has none.
    func filled(_ value: (String) -> String?) -> String {
        guard hasPlaceholder else { return text }
        var result = ""
        for part in parts {
            switch part {
            case .literal(let literal): result += literal
            case .placeholder(let name): result += value(name) ?? ""
            }
        }
        return result
    }
}
