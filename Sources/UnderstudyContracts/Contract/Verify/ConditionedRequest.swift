import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// What a fixture's conditions say about one parameter of the requests it answers.
package enum ConditionedValue: Equatable {
    /// No condition: any value, or none.
    case unconditioned
    /// `{"absent": true}`.
    case absent
    /// Exactly these texts (several for a repeated parameter).
    case exact([String])
    /// Some value the conditions do not pin down (`{"present": true}`, `{"matches": …}`).
    case present

    package init(_ condition: ValueCondition?) {
        switch condition {
        case nil: self = .unconditioned
        case .absent: self = .absent
        case .equals(let text): self = .exact([text])
        case .equalsAll(let texts): self = .exact(texts)
        case .matches, .present, .withinMask: self = .present
        }
    }
}

/// The requests a fixture can answer, seen through one operation's parameters: what the
/// contract would say about them before any fixture is asked.
package struct ConditionedRequest {
    package let operation: ContractOperation
    /// By parameter name.
    package let values: [String: ConditionedValue]
    /// A success answer describes the request it answers, so a parameter it leaves out is
    /// taken as absent; an error answer may catch anything, so one left out may be anything.
    package let unconditionedIsAbsent: Bool

    package func state(_ name: String) -> ConditionedValue {
        let value = values[name] ?? .unconditioned
        return value == .unconditioned && unconditionedIsAbsent ? .absent : value
    }

    /// Whether the contract's `required` and rules apply: not when the operation's
    /// `x-understudy-ignoreOthersWhen` parameter is (or, for an error answer, may be) there.
    package var checksOthers: Bool {
        operation.ignoreOthersWhen.map { state($0) == .absent } ?? true
    }

    /// Whether `rule` is broken by every request the conditions let through. Values the
    /// conditions leave open are tried as each value the rule's `when` lists, as some other
    /// value, and (when they may be absent) as absent; an unknown number counts as 0.
    package func breaks(_ rule: ContractRule) -> Bool {
        let names = Array(Set(rule.parameterNames).union(rule.when.keys)).sorted()
        var assignments: [[String: String?]] = [[:]]
        for name in names {
            let options = candidates(name, listed: rule.when[name] ?? [])
            assignments = assignments.flatMap { assignment in
                options.map { option in assignment.merging([name: option]) { $1 } }
            }
        }
        return assignments.allSatisfy { assignment in
            rule.isBroken(value: { assignment[$0] ?? nil }, numeric: { number($0, text: assignment[$0] ?? nil) })
        }
    }

    /// A value no `when` list holds: present, but not any value the rule names.
    private static let someOtherValue = "\u{1}some other value"

    private func candidates(_ name: String, listed: [String?]) -> [String?] {
        let others = listed.compactMap { $0 }.map(Optional.some) + [Self.someOtherValue]
        switch state(name) {
        case .absent: return [nil]
        case .exact(let texts): return [texts.first]
        case .present: return others
        case .unconditioned: return others + [nil]
        }
    }

    /// The parameter's number: its value read as the schema's type, its default when absent.
    private func number(_ name: String, text: String?) -> Double? {
        guard text != Self.someOtherValue else { return nil }
        let parameter = operation.queryParameter(name)
        let value = text.map { parameter?.value(of: [$0]) ?? .string($0) } ?? parameter?.defaultValue
        if case .number(let number)? = value { return number.value }
        return nil
    }

    /// The parameters as the conditions have them, for a message (those left open unnamed):
    /// `open_now=true and open_at present`, `no location, no latitude and no longitude`.
    package func describe(_ names: [String], redacting isSecret: (String) -> Bool) -> String {
        let parts = names.compactMap { name -> String? in
            switch state(name) {
            case .unconditioned: nil
            case .absent: "no \(name)"
            case .present: "\(name) present"
            case .exact(let texts): texts.map { "\(name)=\(isSecret(name) ? Redaction.placeholder : $0)" }.joined(separator: "&")
            }
        }
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}

extension ContractRule {
    /// Every parameter the rule's check is about, in order.
    package var parameterNames: [String] {
        switch check {
        case .anyOf(let groups): groups.flatMap { $0 }
        case .notTogether(let names), .forbidden(let names), .sumAtMost(let names, _): names
        }
    }
}
