extension JSONNumber {
    /// The number's exact decimal value, normalised: sign, significant digits without leading
    /// or trailing zeros, and the power of ten of the first digit. `1`, `1.0` and `10e-1` agree;
    /// `12345678901234567` and `12345678901234568`, one `Double` apart, do not.
    var exactDecimal: (negative: Bool, digits: [UInt8], exponent: Int) {
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                exponent = Self.saturatingExponent(bytes)
                break
            } else {
                digits.append(byte)
                if inFraction { fractionDigits += 1 }
            }
        }
        let leading = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.count
        digits.removeFirst(leading)
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            fractionDigits -= 1
        }
        guard !digits.isEmpty else { return (false, [], 0) }  // zero, whatever its sign
        // value = 0.d1d2… × 10^(count of digits - fraction digits + exponent)
        let integerDigits = digits.count - fractionDigits
        return (negative, digits, integerDigits.addingReportingOverflow(exponent).overflow ? Int.max : integerDigits + exponent)
    }

    /// An exponent's value (`+12`, `-3`), held within ±10^15 so huge exponents cannot overflow.
    private static func saturatingExponent(_ bytes: ArraySlice<UInt8>) -> Int {
        var bytes = bytes
        var sign = 1
        if bytes.first == UInt8(ascii: "-") { sign = -1; bytes = bytes.dropFirst() } else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var value = 0
        for byte in bytes where value < 1_000_000_000_000_000 { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        return sign * value
    }

    /// Whether two numbers have the same exact value. Equal doubles are necessary (equal
    /// decimals round to the same double), so the exact comparison runs only when the doubles
    /// agree and the texts differ.
    static func exactlyEqual(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        guard lhs.value == rhs.value else { return false }
        let left = lhs.exactDecimal, right = rhs.exactDecimal
        return left.negative == right.negative && left.exponent == right.exponent && left.digits == right.digits
    }
}
