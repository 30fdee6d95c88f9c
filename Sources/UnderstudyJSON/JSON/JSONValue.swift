import UnderstudySupport
/// A JSON document as a value.
///
/// Objects keep their members in a dictionary: JSON objects are unordered, and the writer
/// sorts keys so re-recorded fixtures give reviewable diffs. Numbers keep the text they were
/// written with, so a fixture's `32.9502711` or `1e3` is served back exactly as written.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object, or `nil` for a missing member or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string payload, if this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The object members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The integer value, if this is a number without a fraction that fits an `Int`.
    public var intValue: Int? {
        if case .number(let n) = self { return n.intValue }
        return nil
    }

    /// A short name of the kind of value, for error messages ("a string", "an object").
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number that remembers its source text and compares by exact numeric value: `1`
/// equals `1.0`, and 17-digit ids (Facebook's) that share a `Double` stay different.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written, e.g. `"4.0"` or `"-96.8406629"`.
    public let text: String
    /// The numeric value, nearest `Double` (equality is exact: see `exactlyEqual`).
    public let value: Double

    /// Creates a number from its JSON text; `nil` if the text is not a finite number.
    public init?(text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        self.text = text
        self.value = value
    }

    /// Creates a number from an integer.
    public init(_ int: Int) {
        text = String(int)
        value = Double(int)
    }

    public var intValue: Int? {
        if let exact = Int(text) { return exact }
        guard value.rounded() == value, abs(value) < 9.007199254740992e15 else { return nil }
        return Int(value)
    }

    public var description: String { text }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { exactlyEqual(lhs, rhs) }
    /// By the `Double`: exactly equal numbers share it.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
