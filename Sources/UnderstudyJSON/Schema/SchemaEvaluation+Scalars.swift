import UnderstudySupport
/// The keywords of numbers and strings.
extension SchemaEvaluation {
    package mutating func checkNumber(_ constraint: SchemaConstraint, of node: SchemaNode, _ number: JSONNumber) -> Bool {
        let value = number.value
        switch constraint {
        case .minimum(let limit):
            return value >= limit.value || fail(node, "minimum", expected: "a number ≥ \(limit)", actual: number.text)
        case .maximum(let limit):
            return value <= limit.value || fail(node, "maximum", expected: "a number ≤ \(limit)", actual: number.text)
        case .exclusiveMinimum(let limit):
            return value > limit.value || fail(node, "exclusiveMinimum", expected: "a number > \(limit)", actual: number.text)
        case .exclusiveMaximum(let limit):
            return value < limit.value || fail(node, "exclusiveMaximum", expected: "a number < \(limit)", actual: number.text)
        case .multipleOf(let divisor):
            return number.isMultiple(of: divisor) || fail(node, "multipleOf", expected: "a multiple of \(divisor)", actual: number.text)
        default:
            return true
        }
    }

    package mutating func checkString(_ constraint: SchemaConstraint, of node: SchemaNode, _ text: String) -> Bool {
        // Lengths count Unicode scalars, as Python's len() does: "🍕" is 1, "é" written as
        // e + U+0301 is 2.
        switch constraint {
        case .minLength(let limit):
            let length = text.unicodeScalars.count
            return length >= limit || fail(
                node, "minLength", expected: "a string of at least \(SchemaText.count(limit, "character"))",
                actual: "\(SchemaText.preview(.string(text))) (\(SchemaText.count(length, "character")))"
            )
        case .maxLength(let limit):
            // A scalar is at least one UTF-8 byte, so most strings pass without counting.
            guard text.utf8.count > limit else { return true }
            let length = text.unicodeScalars.count
            return length <= limit || fail(
                node, "maxLength", expected: "a string of at most \(SchemaText.count(limit, "character"))",
                actual: "\(SchemaText.preview(.string(text))) (\(SchemaText.count(length, "character")))"
            )
        case .pattern(let pattern):
            return pattern.matches(text)
                || fail(node, "pattern", expected: "a string matching /\(pattern.source)/", actual: SchemaText.preview(.string(text)))
        default:
            return true
        }
    }
}

extension JSONNumber {
    /// Whether this is a multiple of `divisor`, by the arithmetic Python's jsonschema uses, so
    /// that verdicts agree with it: a divisor written as an integer divides exactly; a fractional
    /// one divides in binary floating point and asks whether the quotient is whole. So `0.5` is
    /// a multiple of `0.01`, but `0.07` is not (0.07 / 0.01 is 7.000000000000001).
    package func isMultiple(of divisor: JSONNumber) -> Bool {
        if divisor.isWrittenAsInteger { return value.truncatingRemainder(dividingBy: divisor.value) == 0 }
        let quotient = value / divisor.value
        // Python falls back to exact fractions when the quotient overflows; the remainder of
        // two doubles is exact too.
        if quotient.isInfinite { return value.truncatingRemainder(dividingBy: divisor.value) == 0 }
        return quotient.rounded(.towardZero) == quotient
    }

    /// Whether JSON readers that keep integers apart (Python's) read this as an integer.
    private var isWrittenAsInteger: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }
}
