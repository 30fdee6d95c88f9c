/// A parameter's check compiled once for the values most requests send: it reads the
/// parameter's texts where they are, without collecting them, and accepts them when the
/// parameter's schema surely would. It never refuses: whatever it is not sure of (an unusual
/// schema, a value it does not accept) goes to the general check, which words the finding.
///
/// A class of plain members: each request's checks read it in place, where a value holding
/// enums with payloads was copied (its references retained and released) at every use.
final class ParameterFastPath: Sendable {
    /// How a text is read: as the one type the parameter (or its items) declares, the way
    /// `ContractParameter.convert` reads it.
    enum Reading: Sendable {
        case text, integer, number, boolean

        init?(types: [String]) {
            guard types.count == 1 else { return nil }
            switch types[0] {
            case "string": self = .text
            case "integer": self = .integer
            case "number": self = .number
            case "boolean": self = .boolean
            default: return nil
            }
        }
    }

    enum Form: Sendable {
        /// One value: the first text.
        case single
        /// Items separated by one ASCII byte in the first text (`categories=bars,french`).
        case separated(UInt8)
        /// Every text an item (the parameter repeated).
        case repeated
    }

    let form: Form
    /// The reading and shape of the value, or of each item; `nil` for items not constrained.
    private let reading: Reading?
    private let shape: SchemaShape?
    private let booleans: BooleanSpellings
    /// The list's own type and counts (`nil` for a single value).
    private let list: ListShape?

    /// The fast path for a parameter, when its schema has a shape this reads.
    init?(schema: JSONSchema, types: [String], list: (separator: String?, itemTypes: [String])?, booleans: BooleanSpellings) {
        self.booleans = booleans
        guard let list else {
            guard let shape = schema.scalarShape, let reading = Reading(types: types) else { return nil }
            (form, self.reading, self.shape, self.list) = (.single, reading, shape, nil)
            return
        }
        guard let (listShape, items) = schema.listShape else { return nil }
        if let items {
            guard let reading = Reading(types: list.itemTypes) else { return nil }
            (self.reading, shape) = (reading, items)
        } else {
            (reading, shape) = (nil, nil)
        }
        self.list = listShape
        guard let separator = list.separator else {
            form = .repeated
            return
        }
        // One ASCII byte that is not part of a CR LF pair, so splitting ASCII text on the byte
        // is splitting on the character, as `components(separatedBy:)` does.
        guard separator.utf8.count == 1, let byte = separator.utf8.first, byte < 0x80, byte != 0x0A, byte != 0x0D else { return nil }
        form = .separated(byte)
    }

    /// Whether one value (or item) is surely valid, read as the declared type.
    private func accepts<Text: StringProtocol>(value text: Text) -> Bool {
        guard let reading, let shape else { return true }
        switch reading {
        case .text:
            return shape.admits(text: text)
        case .integer:
            // `Int` reads it, so `Double` does too, and below 2^53 the two agree exactly.
            guard let integer = Int(text), integer.magnitude < 1 << 53 else { return false }
            return shape.admits(number: Double(integer))
        case .number:
            guard let value = Double(text), value.isFinite else { return false }
            return shape.admits(number: value)
        case .boolean:
            return booleans.value(of: String(text)) != nil && shape.admitsBoolean()
        }
    }

    /// Whether the parameter's first text (a single value, or a separated list) is surely valid.
    func accepts(first text: String) -> Bool {
        switch form {
        case .single:
            return accepts(value: text)
        case .separated(let separator):
            guard let list else { return false }
            guard !text.isEmpty else { return list.admits(count: 0) }
            // Only ASCII text splits on a byte exactly as it splits on characters.
            guard text.isASCII else { return false }
            var count = 0
            for item in text.utf8.split(separator: separator, omittingEmptySubsequences: false) {
                count += 1
                if !accepts(value: Substring(item)) { return false }
            }
            return list.admits(count: count)
        case .repeated:
            return false
        }
    }

    /// Whether one text of a repeated list parameter is surely a valid item.
    func acceptsItem(_ text: String) -> Bool {
        guard case .repeated = form else { return false }
        return accepts(value: text)
    }

    /// Whether a repeated list of `count` items is valid as a whole.
    func acceptsCount(_ count: Int) -> Bool {
        guard case .repeated = form, let list else { return false }
        return list.admits(count: count)
    }

    var isRepeated: Bool {
        if case .repeated = form { true } else { false }
    }
}
