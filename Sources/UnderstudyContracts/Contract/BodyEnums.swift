import UnderstudyJSON

/// Where a JSON request body holds enums that may be spelled by name or by number, as Google's
/// APIs take them (protobuf's JSON mapping: `"travelMode": "WALK"` and `"travelMode": 3` are
/// one request; Google's generated clients send numbers). Read from the request body's schema:
/// an `enum` listing its names and then, in the same order, their numbers
/// (`["DRIVE", "WALK", 1, 3]`) pairs each number with its name.
///
/// Matching puts both the request's body and a fixture's body condition in names, so a fixture
/// recorded from one client answers the other.
package final class BodyEnums: Sendable {
    /// The name of each number, where this level is such an enum.
    private let names: [Int: String]
    /// The members below, by name (arrays passed through).
    private let members: [String: BodyEnums]

    private init(names: [Int: String], members: [String: BodyEnums]) {
        self.names = names
        self.members = members
    }

    /// The enums of `schema` (a schema as written, `$ref`s into `document`); `nil` when it has none.
    package static func read(schema: JSONValue, document: JSONValue) -> BodyEnums? {
        read(schema, document: document, depth: 0)
    }

    private static func read(_ schema: JSONValue, document: JSONValue, depth: Int) -> BodyEnums? {
        guard depth < MaskFields.maximumDepth else { return nil }
        let resolved = schema.dereferenced(in: document)
        var parts = [resolved]
        for keyword in ["allOf", "anyOf", "oneOf"] {
            for member in resolved[keyword]?.arrayValue ?? [] { parts.append(member.dereferenced(in: document)) }
        }
        var names: [Int: String] = [:]
        var members: [String: BodyEnums] = [:]
        for part in parts {
            if let listed = part["enum"]?.arrayValue {
                let texts = listed.compactMap(\.stringValue)
                let numbers = listed.compactMap { value -> Int? in
                    if case .number(let number) = value { return Int(exactly: number.value) }
                    return nil
                }
                if texts.count == numbers.count, texts.count * 2 == listed.count {
                    for (number, text) in zip(numbers, texts) { names[number] = text }
                }
            }
            if let items = part["items"], let inner = read(items, document: document, depth: depth + 1) {
                names.merge(inner.names) { first, _ in first }
                members.merge(inner.members) { first, _ in first }
            }
            for (name, property) in part["properties"]?.objectValue ?? [:] where members[name] == nil {
                if let inner = read(property, document: document, depth: depth + 1) { members[name] = inner }
            }
        }
        return names.isEmpty && members.isEmpty ? nil : BodyEnums(names: names, members: members)
    }

    /// `value` with every enum number named; `nil` when it holds none.
    package func named(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .number(let number):
            return Int(exactly: number.value).flatMap { names[$0] }.map(JSONValue.string)
        case .array(let elements):
            var changed = false
            let named = elements.map { element -> JSONValue in
                guard let renamed = self.named(element) else { return element }
                changed = true
                return renamed
            }
            return changed ? .array(named) : nil
        case .object(var object):
            var changed = false
            for (name, enums) in members {
                guard let member = object[name], let renamed = enums.named(member) else { continue }
                object[name] = renamed
                changed = true
            }
            return changed ? .object(object) : nil
        default:
            return nil
        }
    }
}
