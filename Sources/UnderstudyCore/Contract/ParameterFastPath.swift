/// A parameter's check compiled once for the values most requests send: it reads the
/// parameter's texts where they are, without collecting them, and accepts them when the
/// parameter's schema surely would. It never refuses: whatever it is not sure of (an unusual
/// schema, a value it does not accept) goes to the general check, which words the finding.
struct ParameterFastPath: Sendable {
    /// How one text is read and judged: the parameter's single declared type and its shape.
    enum Scalar: Sendable {
        case text(SchemaShape)
        case integer(SchemaShape)
        case number(SchemaShape)
        case boolean(SchemaShape, BooleanSpellings)

        /// The reading `ContractParameter.convert` makes for one declared type, judged.
        init?(types: [String], shape: SchemaShape, booleans: BooleanSpellings) {
            guard types.count == 1 else { return nil }
            switch types[0] {
            case "string": self = .text(shape)
            case "integer": self = .integer(shape)
            case "number": self = .number(shape)
            case "boolean": self = .boolean(shape, booleans)
            default: return nil
            }
        }

        func accepts<Text: StringProtocol>(_ text: Text) -> Bool {
            switch self {
            case .text(let shape):
                return shape.admits(text: text)
            case .integer(let shape):
                // `Int` reads it, so `Double` does too, and below 2^53 the two agree exactly.
                guard let integer = Int(text), integer.magnitude < 1 << 53 else { return false }
                return shape.admits(number: Double(integer))
            case .number(let shape):
                guard let value = Double(text), value.isFinite else { return false }
                return shape.admits(number: value)
            case .boolean(let shape, let booleans):
                return booleans.value(of: String(text)) != nil && shape.admitsBoolean()
            }
        }
    }

    enum Form: Sendable {
        /// One value: the first text.
        case single(Scalar)
        /// Items separated by one ASCII byte in the first text (`categories=bars,french`).
        case separated(UInt8, ListShape, Scalar?)
        /// Every text an item (the parameter repeated).
        case repeated(ListShape, Scalar?)
    }

    let form: Form

    /// The fast path for `parameter`, when its schema has a shape this reads.
    init?(schema: JSONSchema, types: [String], list: (separator: String?, itemTypes: [String])?, booleans: BooleanSpellings) {
        guard let list else {
            guard let shape = schema.scalarShape, let scalar = Scalar(types: types, shape: shape, booleans: booleans) else { return nil }
            form = .single(scalar)
            return
        }
        guard let shape = schema.listShape else { return nil }
        var items: Scalar?
        if let itemShape = shape.items {
            guard let scalar = Scalar(types: list.itemTypes, shape: itemShape, booleans: booleans) else { return nil }
            items = scalar
        }
        guard let separator = list.separator else {
            form = .repeated(shape, items)
            return
        }
        // One ASCII byte that is not part of a CR LF pair, so splitting ASCII text on the byte
        // is splitting on the character, as `components(separatedBy:)` does.
        guard separator.utf8.count == 1, let byte = separator.utf8.first, byte < 0x80, byte != 0x0A, byte != 0x0D else { return nil }
        form = .separated(byte, shape, items)
    }

    /// Whether the parameter's first text (a single value, or a separated list) is surely valid.
    func accepts(first text: String) -> Bool {
        switch form {
        case .single(let scalar):
            return scalar.accepts(text)
        case .separated(let separator, let shape, let items):
            guard !text.isEmpty else { return shape.admits(count: 0) }
            // Only ASCII text splits on a byte exactly as it splits on characters.
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            var count = 0
            for item in text.utf8.split(separator: separator, omittingEmptySubsequences: false) {
                count += 1
                if let items, !items.accepts(Substring(item)) { return false }
            }
            return shape.admits(count: count)
        case .repeated:
            return false
        }
    }

    /// Whether every text of a repeated list parameter is surely a valid item, given `count` of them.
    func acceptsItem(_ text: String) -> Bool {
        guard case .repeated(_, let items) = form else { return false }
        return items?.accepts(text) ?? true
    }

    /// Whether a repeated list of `count` items is valid as a whole.
    func acceptsCount(_ count: Int) -> Bool {
        guard case .repeated(let shape, _) = form else { return false }
        return shape.admits(count: count)
    }

    var isRepeated: Bool {
        if case .repeated = form { true } else { false }
    }
}
