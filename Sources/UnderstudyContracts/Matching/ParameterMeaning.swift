import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// What one query parameter of a contract operation means, for matching fixtures by value
/// rather than by text: its one name (an alias such as `placeid` reads as `place_id`) and how
/// to write its value in one way (`100.0` → `100`, `True` → `true`, list items one by one).
package struct ParameterMeaning: Sendable, Hashable {
    /// How a value is written in its one form.
    package indirect enum Kind: Sendable, Hashable {
        case text
        /// A number: compared by value, exactly (see `ExactDecimal`).
        case number
        case boolean(BooleanSpellings)
        /// A list in one value, items separated by `separator` (`categories=bars,french`).
        case list(separator: String, items: Kind)

        package func normalised(_ text: String) -> String {
            switch self {
            case .text: text
            case .number: Self.isCanonicalInteger(text) || Self.isCanonicalDecimal(text) ? text : (ExactDecimal(text)?.canonicalText ?? text)
            case .boolean(let spellings): spellings.value(of: text).map { $0 ? "true" : "false" } ?? text
            case .list(let separator, let items):
                // Text items of plain text split and join back to the same text (an ASCII
                // separator matches only itself there); only other texts are split.
                text.isEmpty || (items == .text && ContractPath.isPlain(text) && ContractPath.isPlain(separator))
                    ? text : text.components(separatedBy: separator).map(items.normalised).joined(separator: separator)
            }
        }

        /// Whether `normalised(text)` is `text` (a number already in its one form comes back as
        /// the same string, which compares at once).
        package func isNormal(_ text: String) -> Bool {
            if case .text = self { return true }
            return normalised(text) == text
        }

        /// Whether `text` is a number with a fraction as `ExactDecimal.canonicalText` writes it
        /// (`41.870941`, `-0.25`, `0.005`): an integer part without leading zeros, a point, and a
        /// fraction that does not end in zero. Coordinates are written so, and each went through
        /// `ExactDecimal` (14,000 of a 10,000-fixture start's 324,000 allocations).
        private static func isCanonicalDecimal(_ text: String) -> Bool {
            var bytes = text.utf8[...]
            if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard let point = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
            let whole = bytes[..<point], fraction = bytes[bytes.index(after: point)...]
            let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            guard let first = whole.first, whole.allSatisfy(isDigit), let last = fraction.last, fraction.allSatisfy(isDigit),
                last != UInt8(ascii: "0")
            else { return false }
            if first != UInt8(ascii: "0") { return true }
            // `0.` then at most 39 zeros: `ExactDecimal` writes smaller numbers with an exponent.
            return whole.count == 1 && fraction.prefix { $0 == UInt8(ascii: "0") }.count < 40
        }

        /// Whether `text` is an integer as `ExactDecimal.canonicalText` writes it (`20`, `-5`, `0`):
        /// no sign but `-`, no leading zero, short enough to be written out.
        private static func isCanonicalInteger(_ text: String) -> Bool {
            var digits = text.utf8[...]
            if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
            guard let first = digits.first, digits.count <= 40, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
            // "0" is canonical; "-0", "00" and "07" are not.
            return first != UInt8(ascii: "0") || (digits.count == 1 && digits.count == text.utf8.count)
        }
    }

    /// The parameter's name as the contract declares it (the name aliases stand for).
    package let name: String
    package let kind: Kind

    /// The kind a contract parameter's declared types give: a list by its style (a repeated
    /// parameter's values are items one by one), then number, boolean, text.
    package static func kind(of parameter: ContractParameter) -> Kind {
        if let list = parameter.list {
            let items = scalarKind(list.itemTypes, parameter.booleans)
            guard let separator = list.separator else { return items }
            return .list(separator: separator, items: items)
        }
        return scalarKind(parameter.types, parameter.booleans)
    }

    private static func scalarKind(_ types: [String], _ booleans: BooleanSpellings) -> Kind {
        if types.contains("integer") || types.contains("number") { return .number }
        if types.contains("boolean") { return .boolean(booleans) }
        return .text
    }
}

/// The meanings of one operation's query parameters, by every name a request may use.
package struct QueryMeanings: Sendable {
    /// The names with a meaning other than text under their own name, and their meanings, in
    /// parallel: an operation has a few, so a lookup compares names (a short one in two words)
    /// instead of hashing them, which was a tenth of putting a 10,000-fixture tree in these terms.
    private let names: [String]
    private let meanings: [ParameterMeaning]

    /// Nothing to rewrite: every parameter is text under its own name.
    package var isEmpty: Bool { names.isEmpty }

    /// The meanings of `parameters`, an operation's.
    package init(parameters: [ContractParameter]) {
        var names: [String] = [], meanings: [ParameterMeaning] = []
        for parameter in parameters where parameter.location == .query {
            let name = parameter.aliasOf ?? parameter.name
            // An alias reads its value the way the parameter it stands for does.
            let target = parameters.first { $0.location == .query && $0.name == name } ?? parameter
            let meaning = ParameterMeaning(name: name, kind: ParameterMeaning.kind(of: target))
            guard meaning.name != parameter.name || meaning.kind != .text else { continue }
            if let known = names.firstIndex(of: parameter.name) {
                meanings[known] = meaning
            } else {
                names.append(parameter.name)
                meanings.append(meaning)
            }
        }
        self.names = names
        self.meanings = meanings
    }

    /// What the parameter a request calls `name` means; `nil` for text under its own name.
    private func meaning(named name: String) -> ParameterMeaning? {
        for index in names.indices where names[index] == name { return meanings[index] }
        return nil
    }

    /// `query` with every name and value in its one form, in the same order.
    package func normalised(_ query: QueryParameters) -> QueryParameters {
        rewritten(query) ?? query
    }

    /// `normalised(query)` when it changes a byte of `query`, else `nil`: most requests are
    /// written in the one form already, and need no copy.
    package func rewritten(_ query: QueryParameters) -> QueryParameters? {
        guard !isEmpty else { return nil }
        var rewritten: [(name: String, value: String)]?
        for (index, pair) in query.pairs.enumerated() {
            guard let meaning = meaning(named: pair.name) else {
                rewritten?.append(pair)
                continue
            }
            let value = meaning.kind.normalised(pair.value)
            if rewritten == nil {
                guard !ASCIIFold.sameBytes(meaning.name, pair.name) || !ASCIIFold.sameBytes(value, pair.value) else { continue }
                rewritten = Array(query.pairs[..<index])
            }
            rewritten!.append((meaning.name, value))
        }
        return rewritten.map(QueryParameters.init(pairs:))
    }

    /// `normalised` of the conditions `checks` lists (a fixture's) when it changes any of them,
    /// else `nil`: most fixtures are written in the one form already, and need neither a second
    /// pattern nor a dictionary of their conditions.
    package func rewritten(_ checks: [ConditionCheck]) -> [String: ValueCondition]? {
        guard !isEmpty, checks.contains(where: { changes($0.name, $0.condition) }) else { return nil }
        return normalised(Dictionary(uniqueKeysWithValues: checks.map { ($0.name, $0.condition) }))
    }

    /// Whether normalising changes the condition on the parameter a fixture calls `name`.
    private func changes(_ name: String, _ condition: ValueCondition) -> Bool {
        guard let meaning = meaning(named: name) else { return false }
        return meaning.name != name || !Self.isNormal(condition, meaning.kind)
    }

    /// A fixture's query conditions in the same form: exact values written in one way, under
    /// one name; an array of values for a one-value list parameter is that list.
    /// A condition under the declared name wins over one under an alias.
    package func normalised(_ conditions: [String: ValueCondition]) -> [String: ValueCondition] {
        guard !isEmpty else { return conditions }
        var result: [String: ValueCondition] = [:]
        for (name, condition) in conditions.sorted(by: { $0.key < $1.key }) {
            guard let meaning = meaning(named: name) else {
                result[name] = condition
                continue
            }
            if result[meaning.name] != nil && meaning.name != name { continue }
            result[meaning.name] = Self.normalised(condition, meaning.kind)
        }
        return result
    }

    /// Whether `normalised(condition, kind)` is `condition`, found without writing it out
    /// for the values fixtures hold most (numbers and text already in their one form).
    private static func isNormal(_ condition: ValueCondition, _ kind: ParameterMeaning.Kind) -> Bool {
        switch condition {
        case .equals(let value): kind.isNormal(value)
        case .equalsAll(let values):
            // A list parameter's values become one value.
            if case .list = kind { false } else { values.allSatisfy(kind.isNormal) }
        case .matches, .present, .absent, .withinMask: true
        }
    }

    private static func normalised(_ condition: ValueCondition, _ kind: ParameterMeaning.Kind) -> ValueCondition {
        switch condition {
        case .equals(let value): .equals(kind.normalised(value))
        case .equalsAll(let values):
            if case .list(let separator, _) = kind {
                .equals(kind.normalised(values.joined(separator: separator)))
            } else {
                .equalsAll(values.map(kind.normalised))
            }
        case .matches, .present, .absent, .withinMask: condition
        }
    }
}
