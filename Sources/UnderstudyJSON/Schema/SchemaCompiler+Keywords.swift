import UnderstudySupport
/// Decoding each keyword's value into a constraint, with a `SchemaError` at the keyword's
/// pointer when the value has the wrong shape.
extension SchemaCompiler {
    private static let numberKeywords: [(String, @Sendable (JSONNumber) -> SchemaConstraint)] = [
        ("minimum", SchemaConstraint.minimum), ("maximum", SchemaConstraint.maximum),
        ("exclusiveMinimum", SchemaConstraint.exclusiveMinimum), ("exclusiveMaximum", SchemaConstraint.exclusiveMaximum),
    ]
    private static let countKeywords: [(String, @Sendable (Int) -> SchemaConstraint)] = [
        ("minLength", SchemaConstraint.minLength), ("maxLength", SchemaConstraint.maxLength),
        ("minItems", SchemaConstraint.minItems), ("maxItems", SchemaConstraint.maxItems),
        ("minProperties", SchemaConstraint.minProperties), ("maxProperties", SchemaConstraint.maxProperties),
    ]

    /// The checks of one schema object, cheapest first so that `isValid` fails fast.
    package mutating func constraints(of members: SchemaMembers, at pointer: String) throws(SchemaError) -> [SchemaConstraint] {
        if let unknown = members.keys.filter({ !SchemaKeywords.isKnown($0) }).min() {
            throw error(at: JSONPointer.appending(unknown, to: pointer), SchemaKeywords.refusal(unknown))
        }
        func at(_ keyword: String) -> String { JSONPointer.appending(keyword, to: pointer) }
        try checkAnnotations(members, at: pointer)
        var result: [SchemaConstraint] = []

        // Definitions are compiled even when nothing refers to them, so their mistakes show now.
        for container in ["$defs", "definitions"] {
            if let definitions = members[container] { _ = try schemaMap(definitions, at: at(container)) }
        }
        if let ref = members["$ref"] { result.append(.ref(try reference(ref, at: at("$ref")))) }
        if let type = members["type"] { result.append(.type(try types(type, at: at("type")))) }
        if let values = members["enum"] {
            guard case .array(let list) = values else { throw error(at: at("enum"), "enum must be an array, not \(values.kindDescription)") }
            result.append(.enumeration(list))
        }
        if let value = members["const"] { result.append(.constant(value)) }
        for (keyword, constraint) in Self.numberKeywords {
            if let value = members[keyword] { result.append(constraint(try number(value, at: at(keyword)))) }
        }
        if let value = members["multipleOf"] {
            let divisor = try number(value, at: at("multipleOf"))
            guard divisor.value > 0 else { throw error(at: at("multipleOf"), "multipleOf must be greater than 0, not \(divisor)") }
            result.append(.multipleOf(divisor))
        }
        for (keyword, constraint) in Self.countKeywords {
            if let value = members[keyword] { result.append(constraint(try count(value, at: at(keyword)))) }
        }
        if let value = members["pattern"] { result.append(.pattern(try regex(value, at: at("pattern")))) }
        if let value = members["uniqueItems"] {
            guard case .bool(let unique) = value else { throw error(at: at("uniqueItems"), "uniqueItems must be a boolean, not \(value.kindDescription)") }
            if unique { result.append(.uniqueItems) }
        }
        result += try arrayConstraints(members, at: pointer)
        result += try objectConstraints(members, at: pointer)
        result += try combinators(members, at: pointer)
        return result
    }

    private mutating func arrayConstraints(_ members: SchemaMembers, at pointer: String) throws(SchemaError) -> [SchemaConstraint] {
        func at(_ keyword: String) -> String { JSONPointer.appending(keyword, to: pointer) }
        var result: [SchemaConstraint] = []
        var prefixCount = 0
        if let value = members["prefixItems"] {
            let schemas = try schemaArray(value, at: at("prefixItems"))
            prefixCount = schemas.count
            result.append(.prefixItems(schemas))
        }
        switch members["items"] {
        case nil, .bool(true)?: break
        case .bool(false)?: result.append(.items(schema: nil, start: prefixCount))
        case .array?: throw error(at: at("items"), "items must be one schema in 2020-12; a tuple is written with prefixItems")
        case let items?: result.append(.items(schema: try compile(items, at: at("items")), start: prefixCount))
        }
        if let value = members["contains"] {
            let minimum = try members["minContains"].map { (value) throws(SchemaError) in try count(value, at: at("minContains")) } ?? 1
            let maximum = try members["maxContains"].map { (value) throws(SchemaError) in try count(value, at: at("maxContains")) }
            result.append(.contains(schema: try compile(value, at: at("contains")), min: minimum, max: maximum))
        }
        return result
    }

    private mutating func objectConstraints(_ members: SchemaMembers, at pointer: String) throws(SchemaError) -> [SchemaConstraint] {
        func at(_ keyword: String) -> String { JSONPointer.appending(keyword, to: pointer) }
        var result: [SchemaConstraint] = []
        if let value = members["required"] { result.append(.required(try strings(value, at: at("required")))) }
        if let value = members["dependentRequired"] {
            guard case .object(let dependencies) = value else {
                throw error(at: at("dependentRequired"), "dependentRequired must be an object, not \(value.kindDescription)")
            }
            var list: [(member: String, requires: [String])] = []
            for name in dependencies.keys.sorted() {
                list.append((name, try strings(dependencies[name] ?? [], at: JSONPointer.appending(name, to: at("dependentRequired")))))
            }
            result.append(.dependentRequired(list))
        }
        var declared: [MemberSchema] = []
        if let value = members["properties"] {
            declared = try schemaMap(value, at: at("properties"))
            result.append(.properties(declared))
        }
        var patterns: [PatternSchema] = []
        if let value = members["patternProperties"] {
            for member in try schemaMap(value, at: at("patternProperties")) {
                let pattern = try regex(.string(member.name), at: JSONPointer.appending(member.name, to: at("patternProperties")))
                patterns.append(PatternSchema(pattern: pattern, schema: member.schema))
            }
            result.append(.patternProperties(patterns))
        }
        if let value = members["additionalProperties"], value != true {
            let schema = value == false ? nil : try compile(value, at: at("additionalProperties"))
            let additional = AdditionalMembers(schema: schema, declared: Set(declared.map(\.name)), patterns: patterns.map(\.pattern))
            result.append(.additionalProperties(additional))
        }
        if let value = members["propertyNames"] { result.append(.propertyNames(try compile(value, at: at("propertyNames")))) }
        if let value = members["dependentSchemas"] { result.append(.dependentSchemas(try schemaMap(value, at: at("dependentSchemas")))) }
        return result
    }

    private mutating func combinators(_ members: SchemaMembers, at pointer: String) throws(SchemaError) -> [SchemaConstraint] {
        func at(_ keyword: String) -> String { JSONPointer.appending(keyword, to: pointer) }
        var result: [SchemaConstraint] = []
        if let value = members["allOf"] { result.append(.allOf(try schemaArray(value, at: at("allOf")))) }
        if let value = members["anyOf"] { result.append(.anyOf(try schemaArray(value, at: at("anyOf")))) }
        if let value = members["oneOf"] { result.append(.oneOf(try schemaArray(value, at: at("oneOf")))) }
        if let value = members["not"] { result.append(.not(try compile(value, at: at("not")))) }
        // `then` and `else` without `if` do nothing, as the specification says.
        if let value = members["if"] {
            let condition = try compile(value, at: at("if"))
            let then = try members["then"].map { (value) throws(SchemaError) in try compile(value, at: at("then")) }
            let otherwise = try members["else"].map { (value) throws(SchemaError) in try compile(value, at: at("else")) }
            result.append(.conditional(if: condition, then: then, else: otherwise))
        }
        return result
    }

    // MARK: values

    /// `$id` may only name the whole document: below it, it would change what `$ref`s resolve against.
    private func checkAnnotations(_ members: SchemaMembers, at pointer: String) throws(SchemaError) {
        for keyword in ["$id", "$schema"] {
            guard let value = members[keyword] else { continue }
            guard case .string = value else {
                throw error(at: JSONPointer.appending(keyword, to: pointer), "\(keyword) must be a string, not \(value.kindDescription)")
            }
        }
        if members["$id"] != nil, !pointer.isEmpty {
            throw error(at: JSONPointer.appending("$id", to: pointer),
                        "$id below the document root would change what $ref resolves against; only a root $id is supported")
        }
    }

    private func types(_ value: JSONValue, at pointer: String) throws(SchemaError) -> JSONTypes {
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let list) where !list.isEmpty: names = list
        default: throw error(at: pointer, "type must be a type name or a non-empty array of them, not \(value.kindDescription)")
        }
        var types: JSONTypes = []
        for name in names {
            guard let known = JSONTypes.named.first(where: { .string($0.name) == name }) else {
                let choices = JSONTypes.named.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw error(at: pointer, "unknown type \(SchemaText.preview(name)); the types are \(choices)")
            }
            types.insert(known.type)
        }
        return types
    }

    private func number(_ value: JSONValue, at pointer: String) throws(SchemaError) -> JSONNumber {
        guard case .number(let number) = value else {
            throw error(at: pointer, "\(Self.keyword(of: pointer)) must be a number, not \(value.kindDescription)")
        }
        return number
    }

    private func count(_ value: JSONValue, at pointer: String) throws(SchemaError) -> Int {
        guard case .number(let number) = value, let count = number.intValue, count >= 0 else {
            throw error(at: pointer, "\(Self.keyword(of: pointer)) must be a non-negative integer, not \(SchemaText.preview(value))")
        }
        return count
    }

    private func strings(_ value: JSONValue, at pointer: String) throws(SchemaError) -> [String] {
        guard case .array(let list) = value else {
            throw error(at: pointer, "\(Self.keyword(of: pointer)) must be an array of strings, not \(value.kindDescription)")
        }
        var names: [String] = []
        for (index, element) in list.enumerated() {
            guard case .string(let name) = element else {
                throw error(at: "\(pointer)/\(index)", "expected a member name (a string), not \(element.kindDescription)")
            }
            names.append(name)
        }
        return names
    }

    private func regex(_ value: JSONValue, at pointer: String) throws(SchemaError) -> RegexPattern {
        guard case .string(let source) = value else {
            throw error(at: pointer, "pattern must be a string, not \(value.kindDescription)")
        }
        do {
            return try RegexPattern(source)
        } catch {
            throw self.error(at: pointer, "invalid regular expression \(SchemaText.preview(value))")
        }
    }

    private mutating func schemaArray(_ value: JSONValue, at pointer: String) throws(SchemaError) -> [Int] {
        guard case .array(let list) = value, !list.isEmpty else {
            throw error(at: pointer, "\(Self.keyword(of: pointer)) must be a non-empty array of schemas, not \(SchemaText.preview(value))")
        }
        var schemas: [Int] = []
        for (index, element) in list.enumerated() {
            schemas.append(try compile(element, at: "\(pointer)/\(index)"))
        }
        return schemas
    }

    /// The schemas of an object of schemas, sorted by name so findings come in a stable order.
    private mutating func schemaMap(_ value: JSONValue, at pointer: String) throws(SchemaError) -> [MemberSchema] {
        guard case .object(let members) = value else {
            throw error(at: pointer, "\(Self.keyword(of: pointer)) must be an object of schemas, not \(value.kindDescription)")
        }
        var schemas: [MemberSchema] = []
        for name in members.keys.sorted() {
            schemas.append(MemberSchema(name: name, schema: try compile(members[name] ?? true, at: JSONPointer.appending(name, to: pointer))))
        }
        return schemas
    }

    /// The last token of a keyword's pointer, to name it in a message.
    private static func keyword(of pointer: String) -> String {
        guard let slash = pointer.lastIndex(of: "/") else { return pointer }
        return String(pointer[pointer.index(after: slash)...])
    }
}
