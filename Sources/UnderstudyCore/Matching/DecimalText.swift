/// Numbers written as text, compared by value without going through `Double`: `100`, `100.0`,
/// `1e2` and `+100` are one number, and two 17-digit ids that differ in the last digit stay two.
enum DecimalText {
    /// The one way of writing the number `text` holds (`100`, `1.5`, `-0.25`, `1e+40`), or
    /// `nil` when `text` is not a decimal number (`12abc`, `0x10`, `NaN`, empty).
    ///
    /// The digits are kept exactly: leading zeros go, trailing zeros of the fraction go, and
    /// the exponent is folded into the digits while the result stays short.
    static func canonical(_ text: String) -> String? {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false, seenDigit = false
        var exponent = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if isDigit(byte) {
                digits.append(byte)
                seenDigit = true
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard seenDigit, let value = exponentValue(bytes[bytes.index(after: index)...]) else { return nil }
                exponent = value
                index = bytes.endIndex
                break
            } else {
                return nil
            }
            index = bytes.index(after: index)
        }
        guard seenDigit else { return nil }
        // digits × 10^(exponent − fractionDigits), with no leading or trailing zeros.
        var scale = exponent - fractionDigits
        let firstNonZero = digits.firstIndex { $0 != UInt8(ascii: "0") }
        guard let firstNonZero else { return "0" }
        digits.removeFirst(firstNonZero)
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            scale += 1
        }
        let sign = negative ? "-" : ""
        let significand = String(decoding: digits, as: UTF8.self)
        if scale >= 0 {
            // An integer: written out while that stays short, as an id would be.
            return scale <= 40 ? sign + significand + String(repeating: "0", count: scale) : sign + significand + "e+\(scale)"
        }
        let pointAt = digits.count + scale
        if pointAt > 0 { return sign + String(significand.prefix(pointAt)) + "." + String(significand.dropFirst(pointAt)) }
        if pointAt > -40 { return sign + "0." + String(repeating: "0", count: -pointAt) + significand }
        return sign + significand + "e\(scale)"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A short exponent (`+2`, `-7`, `10`); `nil` when malformed or too large to mean anything.
    private static func exponentValue(_ bytes: Substring.UTF8View.SubSequence) -> Int? {
        var rest = bytes
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.count <= 6, rest.allSatisfy(isDigit) else { return nil }
        let value = rest.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return negative ? -value : value
    }
}
