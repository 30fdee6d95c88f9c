import UnderstudySupport
/// How findings put values into words: short, and never the whole of a large document.
package enum SchemaText {
    /// The most characters a rendered value takes before it is cut with `…`.
    package static let previewLimit = 60

    /// `7`, `"popularity"`, `{"id":"x","name":"Tacos Ki…`: compact JSON, cut to `previewLimit`.
    package static func preview(_ value: JSONValue) -> String {
        var text = ""
        append(value, to: &text)
        return text.count > previewLimit ? String(text.prefix(previewLimit - 1)) + "…" : text
    }

    /// `"a", "b", "c"`, naming at most eight values and counting the rest.
    package static func list(_ values: [JSONValue]) -> String {
        let shown = values.prefix(8).map(preview).joined(separator: ", ")
        return values.count > 8 ? shown + ", … (\(values.count - 8) more)" : shown
    }

    /// A member name as JSON writes it, quotes and escapes included.
    package static func quoted(_ name: String) -> String { JSONWriter.string(.string(name)) }

    /// `1 element`, `3 elements`.
    package static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Writes containers element by element and stops once past the limit, so a finding on a
    /// 240-element array does not render all of it.
    private static func append(_ value: JSONValue, to text: inout String) {
        switch value {
        case .array(let elements):
            text += "["
            for (position, element) in elements.enumerated() {
                if text.utf8.count > previewLimit { return }
                if position > 0 { text += "," }
                append(element, to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, name) in members.keys.sorted().enumerated() {
                if text.utf8.count > previewLimit { return }
                if position > 0 { text += "," }
                text += quoted(name) + ":"
                append(members[name] ?? .null, to: &text)
            }
            text += "}"
        default:
            text += JSONWriter.string(value)
        }
    }
}
