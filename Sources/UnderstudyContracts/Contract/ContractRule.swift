import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// A check across an operation's parameters that OpenAPI cannot express on its own
/// (`x-understudy-rules`): "a location or a latitude and longitude", "not both open_now and
/// open_at", "offset + limit ≤ 240". A class: every request's check walks its operation's
/// rules, and a value was copied (its strings and dictionary retained) at each step.
package final class ContractRule: Sendable {
    package enum Check: Sendable {
        /// Broken when no group has all its parameters present.
        case anyOf([[String]])
        /// Broken when two or more are present.
        case notTogether([String])
        /// Broken when any is present.
        case forbidden([String])
        /// Broken when the values add up to more than `max` (absent values count as their default, else 0).
        /// The number as the pack wrote it, so a summary can show it without converting it.
        case sumAtMost([String], max: JSONNumber)
    }

    package let check: Check
    /// Applies only when each named parameter's value is one of those listed (`nil`: absent).
    package let when: [String: [String?]]
    /// The provider's message when the rule is broken.
    package let message: String?
    /// The name of the pack error to answer instead of the pack's `invalidRequest`.
    package let error: String?
    /// Whether the fake refuses a request that breaks it (`enforced`, default true). A rule the
    /// provider documents but is known, or not known, to let through (Yelp's open_now with
    /// open_at, YF#652) stays in the pack, visible to tools and people, and refuses nothing.
    package let enforced: Bool
    /// Where the fact comes from (`source`), e.g. `providers.md §1.2; YF#2`.
    package let source: String?
    /// Why the fact is not verified (`x-understudy-unverified`); `nil` when it is.
    package let unverified: String?

    package init(
        check: Check, when: [String: [String?]], message: String?, error: String?, enforced: Bool = true, source: String? = nil,
        unverified: String? = nil
    ) {
        self.check = check
        self.when = when
        self.message = message
        self.error = error
        self.enforced = enforced
        self.source = source
        self.unverified = unverified
    }

    /// The parameter a message names: the first the rule is about.
    package var parameter: String {
        switch check {
        case .anyOf(let groups): groups.first?.first ?? ""
        case .notTogether(let names), .forbidden(let names), .sumAtMost(let names, _): names.first ?? ""
        }
    }

    /// The rule in a few words, for reports: `location or latitude+longitude when …`.
    package var summary: String {
        let check =
            switch self.check {
            case .anyOf(let groups): groups.map { $0.joined(separator: "+") }.joined(separator: " or ")
            case .notTogether(let names): "not " + names.joined(separator: " with ")
            case .forbidden(let names): "no " + names.joined(separator: ", ")
            // A pack is untrusted: `max: 1e19` trapped when converted with Int(_:). Its integer
            // text when it has one (`240` for `240.0`), else the number as written.
            case .sumAtMost(let names, let max): names.joined(separator: " + ") + " ≤ " + (max.intValue.map(String.init) ?? max.text)
            }
        let conditions = when.sorted { $0.key < $1.key }.map { name, values in
            name + "=" + values.map { $0 ?? "(absent)" }.joined(separator: "|")
        }
        return conditions.isEmpty ? check : check + " when " + conditions.joined(separator: " and ")
    }

    /// Whether the request's parameters break the rule. `value` gives a parameter's value
    /// (`nil` when absent); `numeric` its number, or its default when absent.
    package func isBroken(value: (String) -> String?, numeric: (String) -> Double?) -> Bool {
        for (name, accepted) in when where !accepted.contains(value(name)) { return false }
        switch check {
        case .anyOf(let groups):
            return !groups.contains { $0.allSatisfy { value($0) != nil } }
        case .notTogether(let names):
            return names.count { value($0) != nil } > 1
        case .forbidden(let names):
            return names.contains { value($0) != nil }
        case .sumAtMost(let names, let max):
            return names.reduce(0) { $0 + (numeric($1) ?? 0) } > max.value
        }
    }
}
