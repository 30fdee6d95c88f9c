import UnderstudySupport
/// A received field's value without the optional whitespace around it.
extension HeaderField {
    /// `value` without leading and trailing spaces and tabs: RFC 9110 §5.5 makes that optional
    /// whitespace no part of the field value, so `X-Variant: a ` carries `a` (and matches a
    /// condition `"a"`), as it does for every server that follows the RFC. Whitespace inside
    /// the value stays. The same `value`, not a copy, when there is none to remove: the case
    /// of almost every field.
    package static func withoutOptionalWhitespace(_ value: String) -> String {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let bytes = value.utf8
        guard let first = bytes.first, let last = bytes.last, isWhitespace(first) || isWhitespace(last) else { return value }
        guard let start = bytes.firstIndex(where: { !isWhitespace($0) }) else { return "" }
        let end = bytes.lastIndex(where: { !isWhitespace($0) })!
        return String(value[start...end])
    }

    /// A field as received: its value without the optional whitespace around it.
    package init(receivedName name: String, value: String) {
        self.init(name: name, value: Self.withoutOptionalWhitespace(value))
    }
}
