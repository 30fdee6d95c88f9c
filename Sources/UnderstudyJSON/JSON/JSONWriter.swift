import UnderstudySupport
/// Writes JSON values: compact for the wire, or pretty-printed with sorted keys for fixture
/// files, so that a re-recorded fixture gives a small, reviewable diff.
package enum JSONWriter {
    /// How to lay the text out.
    public enum Style: Sendable {
        /// No whitespace; object keys sorted, so output is deterministic.
        case compact
        /// Two-space indentation, one member per line, keys sorted, trailing newline.
        case pretty
    }

    /// The UTF-8 text of `value`.
    public static func bytes(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, style: style, indent: 0)
        if style == .pretty { out.append(0x0A) }
        return out
    }

    /// The text of `value` as a string.
    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        String(decoding: bytes(value, style: style), as: UTF8.self)
    }

    private static func write(_ value: JSONValue, into out: inout [UInt8], style: Style, indent: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): out.append(contentsOf: number.text.utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, style: style, indent: indent + 1)
                write(element, into: &out, style: style, indent: indent + 1)
            }
            newline(into: &out, style: style, indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, style: style, indent: indent + 1)
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if style == .pretty { out.append(0x20) }
                write(members[key]!, into: &out, style: style, indent: indent + 1)
            }
            newline(into: &out, style: style, indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(into out: inout [UInt8], style: Style, indent: Int) {
        guard style == .pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
