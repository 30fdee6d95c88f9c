import Foundation
import UnderstudyJSON
import UnderstudySupport

/// A condition on one query parameter or header value.
///
/// In a fixture: a string (or number/boolean) for an exact value, an array for a repeated
/// parameter, or an object `{"matches": REGEX}`, `{"present": true}`, `{"absent": true}`.
package enum ValueCondition: Sendable, Hashable {
    /// Exactly one value, equal to this text (after percent-decoding).
    case equals(String)
    /// The parameter repeated, with exactly these values in this order.
    case equalsAll([String])
    /// Every value matches the regular expression (unanchored: use `^` and `$`).
    case matches(RegexPattern)
    /// At least one value, whatever it is.
    case present
    /// No value at all.
    case absent
    /// Exactly one value, a field mask within this one (`FieldMask`): what a fixture's
    /// recorded mask becomes with a contract whose provider takes masks, so that one recording
    /// answers every narrower mask.
    case withinMask(FieldMask)

    /// The specificity of the exact conditions, the highest: a pattern's checks list them first.
    package static let exactSpecificity = 3

    /// Points this condition adds to a fixture's specificity: exact beats regex beats presence.
    package var specificity: Int {
        switch self {
        case .equals, .equalsAll, .withinMask: Self.exactSpecificity
        case .matches: 2
        case .present, .absent: 1
        }
    }

    /// Whether query parameter `name` satisfies the condition, without collecting its values
    /// for the common cases (this runs for every candidate of every request).
    package func isSatisfied(byParameter name: String, in query: QueryParameters) -> Bool {
        switch self {
        case .equals(let expected): query.hasSingleValue(name, equalTo: expected)
        case .present: query.contains(name)
        case .absent: !query.contains(name)
        case .equalsAll, .matches, .withinMask: isSatisfied(by: query.values(name))
        }
    }

    /// Whether the fields named `name` (ignoring case) satisfy the condition, without
    /// collecting their values (this runs for every candidate of every request).
    package func isSatisfied(byHeader name: String, in headers: [HeaderField]) -> Bool {
        switch self {
        // Fields read in place by index, as `QueryParameters.hasSingleValue` reads pairs.
        case .equals(let expected):
            var found = false
            for index in headers.indices where headers[index].hasName(name) {
                guard !found, headers[index].value == expected else { return false }
                found = true
            }
            return found
        case .matches(let pattern):
            var found = false
            for index in headers.indices where headers[index].hasName(name) {
                guard pattern.matches(headers[index].value) else { return false }
                found = true
            }
            return found
        case .present: return headers.contains { $0.hasName(name) }
        case .absent: return !headers.contains { $0.hasName(name) }
        case .equalsAll, .withinMask: return isSatisfied(by: headers.compactMap { $0.hasName(name) ? $0.value : nil })
        }
    }

    /// Whether `values` (all values of the parameter, in order) satisfy the condition.
    public func isSatisfied(by values: [String]) -> Bool {
        switch self {
        case .equals(let expected): values.count == 1 && values[0] == expected
        case .equalsAll(let expected): values == expected
        case .matches(let pattern): !values.isEmpty && values.allSatisfy(pattern.matches)
        case .present: !values.isEmpty
        case .absent: values.isEmpty
        case .withinMask(let recorded): values.count == 1 && FieldMask(values[0])?.isWithin(recorded) == true
        }
    }

    /// The condition as a near-miss report shows it.
    public var expectation: String {
        switch self {
        case .equals(let value): Self.quoted(value)
        case .equalsAll(let values): "[" + values.map(Self.quoted).joined(separator: ", ") + "]"
        case .matches(let pattern): "matches /\(pattern.source)/"
        case .present: "present"
        case .absent: "absent"
        case .withinMask(let recorded): "a field mask within \(Self.quoted(recorded.description))"
        }
    }

    /// Values as a near-miss report shows them.
    public static func describe(_ values: [String]) -> String {
        switch values.count {
        case 0: "(absent)"
        case 1: quoted(values[0])
        default: "[" + values.map(quoted).joined(separator: ", ") + "]"
        }
    }

    package static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
