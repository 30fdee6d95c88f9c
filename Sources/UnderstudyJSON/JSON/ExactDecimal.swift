import UnderstudySupport
/// A decimal number's exact value, normalised, without going through `Double`: `100`, `100.0`,
/// `1e2` and `+100` are one number, and two 17-digit ids one `Double` apart stay two. The one
/// reading of decimal text in Understudy: JSON numbers compare by it, and query values a
/// contract calls numbers match by its `canonicalText`.
package struct ExactDecimal: Equatable {
    package let negative: Bool
    /// The significant digits (ASCII), without leading or trailing zeros; empty for zero.
    package let digits: [UInt8]
    /// The power of ten of the first digit: the value is 0.d₁d₂… × 10^exponent.
    package let exponent: Int

    /// Exponents are held within ±10^15, so a huge one cannot overflow (nor mean anything).
    package static let exponentBound = 1_000_000_000_000_000

    /// Reads `text`: an optional sign, digits with at most one point (at least one digit), and
    /// an optional exponent (`e` or `E`, an optional sign, at least one digit); `nil` for
    /// anything else (`12abc`, `0x10`, `NaN`, empty).
    package init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        var exponent = 0
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            if Self.isDigit(byte) {
                digits.append(byte)
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard !digits.isEmpty, let value = Self.exponentValue(bytes) else { return nil }
                exponent = value
                bytes = bytes[bytes.endIndex...]
            } else {
                return nil
            }
        }
        guard !digits.isEmpty else { return nil }
        let leading = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.count
        digits.removeFirst(leading)
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            fractionDigits -= 1
        }
        guard !digits.isEmpty else {  // zero, whatever its sign
            (self.negative, self.digits, self.exponent) = (false, [], 0)
            return
        }
        self.negative = negative
        self.digits = digits
        self.exponent = digits.count - fractionDigits + exponent
    }

    /// The one way of writing the number (`100`, `1.5`, `-0.25`, `1e+41`): an integer written
    /// out while it stays short, as an id would be; a fraction with a point while short; else
    /// the digits with an exponent.
    package var canonicalText: String {
        guard !digits.isEmpty else { return "0" }
        let sign = negative ? "-" : ""
        let significand = String(decoding: digits, as: UTF8.self)
        // The value is digits × 10^scale.
        let scale = exponent - digits.count
        if scale >= 0 {
            return scale <= 40 ? sign + significand + String(repeating: "0", count: scale) : sign + significand + "e+\(scale)"
        }
        if exponent > 0 { return sign + String(significand.prefix(exponent)) + "." + String(significand.dropFirst(exponent)) }
        if exponent > -40 { return sign + "0." + String(repeating: "0", count: -exponent) + significand }
        return sign + significand + "e\(scale)"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// An exponent's value (`+12`, `-3`), held within ±`exponentBound`; `nil` when malformed.
    private static func exponentValue(_ bytes: Substring.UTF8View.SubSequence) -> Int? {
        var rest = bytes
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.allSatisfy(isDigit) else { return nil }
        var value = 0
        for byte in rest where value < exponentBound { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        return negative ? -value : value
    }
}
