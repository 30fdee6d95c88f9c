import UnderstudySupport
extension JSONNumber {
    /// The number's exact decimal value (a JSON number's text always reads as one).
    package var exactDecimal: ExactDecimal {
        ExactDecimal(text) ?? ExactDecimal("0")!
    }

    /// Whether two numbers have the same exact value. Equal doubles are necessary (equal
    /// decimals round to the same double), so the exact comparison runs only when the doubles
    /// agree and the texts differ.
    package static func exactlyEqual(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        guard lhs.value == rhs.value else { return false }
        return lhs.exactDecimal == rhs.exactDecimal
    }
}
