import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

/// One exact-decimal reading: JSON numbers compare by it and query values normalise by it, so
/// the two agree on every number, long exponents included (two readers once disagreed there).
@Suite struct ExactDecimalTests {
    static let pairs: [(String, String)] = [
        ("100", "1e2"), ("100", "100.0"), ("10", "1e0000001"), ("0.015", "1.5e-0000002"), ("1e0000001", "1e0000002"),
        ("12345678901234567", "12345678901234568"), ("0", "-0.0"), ("1e20", "100000000000000000000"),
    ]

    @Test func numbersAndQueryValuesAgreeOnEveryPair() throws {
        for (one, other) in Self.pairs {
            let byJSON = JSONNumber.exactlyEqual(try #require(JSONNumber(text: one)), try #require(JSONNumber(text: other)))
            let byText = ExactDecimal(one)?.canonicalText == ExactDecimal(other)?.canonicalText
            #expect(byJSON == byText, "\(one) \(other)")
        }
        // A long exponent is read, not refused: `1e0000001` is 10 as a query value too.
        #expect(ExactDecimal("1e0000001")?.canonicalText == "10")
        #expect(ExactDecimal("10e999999")?.canonicalText == "1e+1000000")
        #expect(ExactDecimal("1e") == nil && ExactDecimal("e5") == nil && ExactDecimal(".") == nil)
    }
}
