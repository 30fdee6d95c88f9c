import UnderstudySupport
/// One compiled schema: where it sits and the checks it makes, cheapest first.
///
/// Subschemas are indices into the compiled program rather than references, so a `$ref` cycle
/// (a tree schema) needs no back-pointer and the whole program stays a plain `Sendable` value.
package final class SchemaNode: Sendable {
    /// The schema's pointer in the root document, the prefix of every `schemaPath` it reports.
    package let location: String
    package let constraints: [SchemaConstraint]

    package init(location: String, constraints: [SchemaConstraint]) {
        self.location = location
        self.constraints = constraints
    }
}

/// A subschema applied to one named member.
package struct MemberSchema: Sendable {
    package let name: String
    package let schema: Int
}

/// A subschema applied to every member whose name the pattern finds.
package struct PatternSchema: Sendable {
    package let pattern: RegexPattern
    package let schema: Int
}

/// `additionalProperties` with what it needs of its siblings: the members it does not apply to.
package struct AdditionalMembers: Sendable {
    /// The subschema, or `nil` for `false`, which is reported once per extra member on the object.
    package let schema: Int?
    package let declared: Set<String>
    package let patterns: [RegexPattern]

    package func isAdditional(_ name: String) -> Bool {
        !declared.contains(name) && !patterns.contains { $0.matches(name) }
    }
}

/// One keyword's check, with its value decoded at compile time.
package enum SchemaConstraint: Sendable {
    /// The schema `false`: nothing is valid.
    case never
    case type(JSONTypes)
    case enumeration([JSONValue])
    case constant(JSONValue)
    case minimum(JSONNumber)
    case maximum(JSONNumber)
    case exclusiveMinimum(JSONNumber)
    case exclusiveMaximum(JSONNumber)
    case multipleOf(JSONNumber)
    case minLength(Int)
    case maxLength(Int)
    case pattern(RegexPattern)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case prefixItems([Int])
    /// `items`: `schema` (`nil` for `false`) applies to the elements from `start` on, after `prefixItems`.
    case items(schema: Int?, start: Int)
    case contains(schema: Int, min: Int, max: Int?)
    case minProperties(Int)
    case maxProperties(Int)
    case required([String])
    case dependentRequired([(member: String, requires: [String])])
    case properties([MemberSchema])
    case patternProperties([PatternSchema])
    case additionalProperties(AdditionalMembers)
    case propertyNames(Int)
    case dependentSchemas([MemberSchema])
    case ref(Int)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
}

/// The `type` keyword's set of JSON types.
package struct JSONTypes: OptionSet, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    package static let null = JSONTypes(rawValue: 1 << 0)
    package static let boolean = JSONTypes(rawValue: 1 << 1)
    package static let object = JSONTypes(rawValue: 1 << 2)
    package static let array = JSONTypes(rawValue: 1 << 3)
    package static let number = JSONTypes(rawValue: 1 << 4)
    package static let string = JSONTypes(rawValue: 1 << 5)
    package static let integer = JSONTypes(rawValue: 1 << 6)

    /// Every type name with its phrase for messages, in the order messages list them.
    package static let named: [(name: String, type: JSONTypes, phrase: String)] = [
        ("object", .object, "an object"), ("array", .array, "an array"), ("string", .string, "a string"),
        ("number", .number, "a number"), ("integer", .integer, "an integer"), ("boolean", .boolean, "a boolean"),
        ("null", .null, "null"),
    ]

    /// Whether `value` has one of the types. As in 2020-12, `1.0` is an integer and a boolean
    /// is never a number.
    package func admits(_ value: JSONValue) -> Bool {
        switch value {
        case .null: contains(.null)
        case .bool: contains(.boolean)
        case .string: contains(.string)
        case .array: contains(.array)
        case .object: contains(.object)
        case .number(let number):
            contains(.number) || (contains(.integer) && number.value.rounded(.towardZero) == number.value)
        }
    }

    /// `a string or null`, `an object, an array or null`.
    package var phrase: String {
        let phrases = Self.named.filter { contains($0.type) }.map(\.phrase)
        guard let last = phrases.last else { return "no type at all" }
        return phrases.count == 1 ? last : phrases.dropLast().joined(separator: ", ") + " or " + last
    }
}
