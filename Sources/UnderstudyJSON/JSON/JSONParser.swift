import UnderstudySupport
/// A JSON syntax error, with the line and column where reading stopped.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. "expected ',' or '}' after an object member".
    public let message: String
    /// 1-based line of the offending byte.
    public let line: Int
    /// 1-based column (in bytes) of the offending byte.
    public let column: Int

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// It exists (rather than `JSONSerialization`) for three reasons: it reports line and
/// column, it keeps numbers as written, and it is fast enough to load ten thousand fixtures
/// at startup. Nesting is limited so a hostile document cannot exhaust the stack.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted. Every walk over a `JSONValue`
    /// (this parser, the writer, equality, schema evaluation, drift, the leak gate) recurses
    /// once per level, on worker threads with 1 MB stacks: unoptimised (debug) builds crashed
    /// from about 400 levels, so the limit stays well below that. Real API answers nest
    /// fewer than 20 levels.
    public static let maximumDepth = 100

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON document, allowing only whitespace around it. A leading UTF-8 byte
    /// order mark is skipped.
    public static func parse<Bytes: Collection<UInt8>>(_ input: Bytes) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError>? = input.withContiguousStorageIfAvailable { buffer in
            parse(buffer: buffer)
        }
        switch result ?? Array(input).withUnsafeBufferPointer({ parse(buffer: $0) }) {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// Parses a JSON document held in a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONSyntaxError> {
        var parser = JSONParser(bytes: buffer)
        do throws(JSONSyntaxError) {
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { parser.index = 3 }
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.error("unexpected content after the JSON value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    // MARK: values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[index])), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in double quotes") }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after member name \"\(key)\"") }
            index += 1
            skipWhitespace()
            // One hash lookup per member: insert, and learn from the old value if it was a repeat.
            if members.updateValue(try parseValue(), forKey: key) != nil {
                index = keyStart  // report the position of the repeated name
                throw error("duplicate member name \"\(key)\"")
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; break }
            throw error("expected ',' or '}' after an object member")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; break }
            throw error("expected ',' or ']' after an array element")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels at \(Self.path(in: bytes, upTo: index))")
        }
    }

    // MARK: strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes. ASCII alone is valid UTF-8, so only a string with other bytes is checked.
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                let text = String(decoding: raw, as: UTF8.self)
                index += 1
                if !ascii { try checkValidUTF8(text, decodedFrom: raw) }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character \(describe(byte)) in a string must be escaped") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let text = String(decoding: scalars, as: UTF8.self)
                try checkValidUTF8(text, decodedFrom: scalars)
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated escape sequence") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"): scalars.append(contentsOf: try parseUnicodeEscape())
                default:
                    index -= 1
                    throw error("invalid escape \\\(describe(escape))")
                }
            default:
                if byte < 0x20 { throw error("control character \(describe(byte)) in a string must be escaped") }
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    /// `text` came from `source` through `String(decoding:)`, which repairs invalid UTF-8 with
    /// U+FFFD: a repaired string differs from its source, which we check (cheaply) only when a
    /// replacement character appears. `source` is the string's bytes after escapes were undone,
    /// so an escape beside a genuine U+FFFD is not mistaken for invalid UTF-8.
    private func checkValidUTF8<Source: Collection<UInt8>>(_ text: String, decodedFrom source: Source) throws(JSONSyntaxError) {
        guard text.containsByte(0xEF), text.unicodeScalars.contains("\u{FFFD}") else { return }
        if !source.elementsEqual(text.utf8) { throw error("string is not valid UTF-8") }
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        let first = try parseHex4()
        var scalarValue = UInt32(first)
        if (0xD800...0xDBFF).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired UTF-16 high surrogate \\u\(String(first, radix: 16))")
            }
            index += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw error("invalid UTF-16 low surrogate") }
            scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw error("unpaired UTF-16 low surrogate")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid unicode escape") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit \(describe(byte)) in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    // MARK: numbers and literals

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zeros are not allowed in numbers") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = JSONNumber(text: text) else { throw error("number \(text) is out of range") }
        return number
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let matches = index + count <= bytes.count
            && literal.withUTF8Buffer { UnsafeBufferPointer(rebasing: bytes[index..<index + count]).elementsEqual($0) }
        guard matches else { throw error("invalid literal, expected \(literal)") }
        index += count
    }

    // MARK: helpers

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Line and column of `index`; only computed for an error, since it scans from the start.
    private func currentPosition() -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for position in 0..<Swift.min(index, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return (line, index - lineStart + 1)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        let position = currentPosition()
        return JSONSyntaxError(message: message, line: position.line, column: position.column)
    }
}
