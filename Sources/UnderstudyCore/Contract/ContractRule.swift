/// A check across an operation's parameters that OpenAPI cannot express on its own
/// (`x-understudy-rules`): "a location or a latitude and longitude", "not both open_now and
/// open_at", "offset + limit ≤ 240".
struct ContractRule: Sendable {
    enum Check: Sendable {
        /// Broken when no group has all its parameters present.
        case anyOf([[String]])
        /// Broken when two or more are present.
        case notTogether([String])
        /// Broken when any is present.
        case forbidden([String])
        /// Broken when the values add up to more than `max` (absent values count as their default, else 0).
        case sumAtMost([String], max: Double)
    }

    let check: Check
    /// Applies only when each named parameter's value is one of those listed (`nil`: absent).
    let when: [String: [String?]]
    /// The provider's message when the rule is broken.
    let message: String?
    /// The name of the pack error to answer instead of the pack's `invalidRequest`.
    let error: String?

    /// The parameter a message names: the first the rule is about.
    var parameter: String {
        switch check {
        case .anyOf(let groups): groups.first?.first ?? ""
        case .notTogether(let names), .forbidden(let names), .sumAtMost(let names, _): names.first ?? ""
        }
    }

    /// Whether the request's parameters break the rule. `value` gives a parameter's value
    /// (`nil` when absent); `numeric` its number, or its default when absent.
    func isBroken(value: (String) -> String?, numeric: (String) -> Double?) -> Bool {
        for (name, accepted) in when where !accepted.contains(value(name)) { return false }
        switch check {
        case .anyOf(let groups):
            return !groups.contains { $0.allSatisfy { value($0) != nil } }
        case .notTogether(let names):
            return names.count { value($0) != nil } > 1
        case .forbidden(let names):
            return names.contains { value($0) != nil }
        case .sumAtMost(let names, let max):
            return names.reduce(0) { $0 + (numeric($1) ?? 0) } > max
        }
    }
}
