/// Comparisons whose time does not depend on where two secrets first differ, so a client
/// cannot guess a token byte by byte from how long a refusal takes.
package enum ConstantTime {
    /// Whether `given` equals `expected`, in time that depends only on their lengths. An empty
    /// `expected` never matches: no token is not a token.
    package static func equal(_ given: String, _ expected: String) -> Bool {
        let given = Array(given.utf8), expected = Array(expected.utf8)
        guard !expected.isEmpty else { return false }
        var difference = UInt8(truncatingIfNeeded: given.count ^ expected.count) | (given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : ~expected[index])
        }
        return difference == 0
    }
}
