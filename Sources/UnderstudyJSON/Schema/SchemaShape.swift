import UnderstudySupport
/// What a flat schema asks of a scalar, read off the compiled program: the shapes contract
/// parameters use (`type` with `enum`, bounds, lengths and patterns), so a request's values
/// can be accepted without a general evaluation. Anything else has no shape, and is evaluated.
package final class SchemaShape: Sendable {
    package let types: JSONTypes?
    /// `enum` when every listed value is a string; a shape with another `enum` is not built.
    package let strings: [String]?
    package let minimum: Double?
    package let maximum: Double?
    package let exclusiveMinimum: Double?
    package let exclusiveMaximum: Double?
    package let minLength: Int?
    package let maxLength: Int?
    package let patterns: [RegexPattern]

    /// The shape of `constraints`, or `nil` when one is not a scalar keyword this reads. A
    /// class: the checks of every request read it in place rather than copying its members.
    package init?(_ constraints: [SchemaConstraint]) {
        var types: JSONTypes?, strings: [String]?, patterns: [RegexPattern] = []
        var minimum: Double?, maximum: Double?, exclusiveMinimum: Double?, exclusiveMaximum: Double?, minLength: Int?, maxLength: Int?
        for constraint in constraints {
            switch constraint {
            case .type(let declared): types = declared
            case .enumeration(let values):
                let texts = values.compactMap(\.stringValue)
                guard texts.count == values.count else { return nil }
                strings = texts
            case .minimum(let limit): minimum = limit.value
            case .maximum(let limit): maximum = limit.value
            case .exclusiveMinimum(let limit): exclusiveMinimum = limit.value
            case .exclusiveMaximum(let limit): exclusiveMaximum = limit.value
            case .minLength(let limit): minLength = limit
            case .maxLength(let limit): maxLength = limit
            case .pattern(let pattern): patterns.append(pattern)
            default: return nil
            }
        }
        self.types = types
        self.strings = strings
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.patterns = patterns
    }

    /// Whether the text `text` is valid: every keyword a string meets (the numeric ones do not
    /// apply to strings). The same tests the evaluation makes, in `SchemaEvaluation+Scalars`.
    package func admits<Text: StringProtocol>(text: Text) -> Bool {
        if let types, !types.contains(.string) { return false }
        if let strings, !strings.contains(where: { $0.utf8.count == text.utf8.count && $0.utf8.elementsEqual(text.utf8) }) { return false }
        if minLength != nil || maxLength != nil {
            let length = text.unicodeScalars.count
            if let minLength, length < minLength { return false }
            if let maxLength, length > maxLength { return false }
        }
        guard !patterns.isEmpty else { return true }
        let whole = String(text)
        return patterns.allSatisfy { $0.matches(whole) }
    }

    /// Whether the number `value` is valid (string keywords do not apply to numbers).
    package func admits(number value: Double) -> Bool {
        if let types, !(types.contains(.number) || (types.contains(.integer) && value.rounded(.towardZero) == value)) { return false }
        // A number never equals a string `enum` member.
        if strings != nil { return false }
        if let minimum, !(value >= minimum) { return false }
        if let maximum, !(value <= maximum) { return false }
        if let exclusiveMinimum, !(value > exclusiveMinimum) { return false }
        if let exclusiveMaximum, !(value < exclusiveMaximum) { return false }
        return true
    }

    /// Whether the boolean is valid: only the type and `enum` apply, and no boolean is in a string `enum`.
    package func admitsBoolean() -> Bool {
        (types?.contains(.boolean) ?? true) && strings == nil
    }
}

/// A flat array schema's own type and item counts (its items have a `SchemaShape`).
package struct ListShape: Sendable {
    package var types: JSONTypes?
    package var minItems: Int?
    package var maxItems: Int?

    package func admits(count: Int) -> Bool {
        if let types, !types.contains(.array) { return false }
        if let minItems, count < minItems { return false }
        if let maxItems, count > maxItems { return false }
        return true
    }
}

extension JSONSchema {
    /// The entry schema's constraints, through `$ref`s that are a schema's only keyword.
    private func flatConstraints(_ start: Int) -> [SchemaConstraint] {
        var index = start
        // Bounded: a cycle of bare `$ref`s would not compile, but stay finite regardless.
        for _ in 0..<16 {
            let constraints = nodes[index].constraints
            guard constraints.count == 1, case .ref(let target) = constraints[0] else { return constraints }
            index = target
        }
        return [.never]
    }

    /// The schema's scalar shape, when it has one.
    package var scalarShape: SchemaShape? { SchemaShape(flatConstraints(entry)) }

    /// The schema's list shape: `type`, `minItems`, `maxItems` and `items` (from the first
    /// element) of a scalar shape, and nothing else. `items` is `nil` when not constrained.
    package var listShape: (list: ListShape, items: SchemaShape?)? {
        var shape = ListShape()
        var itemShape: SchemaShape?
        for constraint in flatConstraints(entry) {
            switch constraint {
            case .type(let types): shape.types = types
            case .minItems(let limit): shape.minItems = limit
            case .maxItems(let limit): shape.maxItems = limit
            case .items(let schema?, start: 0):
                guard let items = SchemaShape(flatConstraints(schema)) else { return nil }
                itemShape = items
            default: return nil
            }
        }
        return (shape, itemShape)
    }
}
