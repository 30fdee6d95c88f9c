import UnderstudySupport
/// The keywords of arrays and objects.
extension SchemaEvaluation {
    package mutating func checkArray(_ constraint: SchemaConstraint, of node: SchemaNode, _ elements: [JSONValue]) -> Bool {
        switch constraint {
        case .minItems(let limit):
            return checkSize(node, "minItems", elements.count, atLeast: true, limit, "an array of", "element")
        case .maxItems(let limit):
            return checkSize(node, "maxItems", elements.count, atLeast: false, limit, "an array of", "element")
        case .uniqueItems:
            guard let (first, second) = JSONValue.firstDuplicate(in: elements) else { return true }
            return fail(
                node, "uniqueItems", expected: "unique elements",
                actual: "elements \(first) and \(second) both \(SchemaText.preview(elements[first]))"
            )
        case .prefixItems(let schemas):
            return every(0..<min(schemas.count, elements.count)) { run, index in
                run.descend(schemas[index], elements[index], .element(index))
            }
        case .items(let schema, let start):
            guard elements.count > start else { return true }
            guard let schema else {
                return fail(
                    node, "items",
                    expected: start == 0 ? "an empty array (items is false)" : "at most \(SchemaText.count(start, "element")) (items is false)",
                    actual: "an array of \(SchemaText.count(elements.count, "element"))"
                )
            }
            return every(start..<elements.count) { run, index in run.descend(schema, elements[index], .element(index)) }
        case .contains(let schema, let minimum, let maximum):
            var matching = 0
            for element in elements where matches(schema, element) {
                matching += 1
                if let maximum, matching > maximum, !collecting { return false }
            }
            if let maximum, matching > maximum {
                return fail(
                    node, "maxContains", expected: "at most \(SchemaText.count(maximum, "element")) valid against contains",
                    actual: "\(matching) valid"
                )
            }
            return matching >= minimum || fail(
                node, matching == 0 ? "contains" : "minContains",
                expected: "at least \(SchemaText.count(minimum, "element")) valid against contains", actual: "\(matching) valid"
            )
        default:
            return true
        }
    }

    package mutating func checkObject(
        _ constraint: SchemaConstraint, of node: SchemaNode, _ members: [String: JSONValue], _ instance: JSONValue
    ) -> Bool {
        switch constraint {
        case .minProperties(let limit):
            return checkSize(node, "minProperties", members.count, atLeast: true, limit, "an object with", "member")
        case .maxProperties(let limit):
            return checkSize(node, "maxProperties", members.count, atLeast: false, limit, "an object with", "member")
        case .required(let names):
            return every(names) { run, name in
                members[name] != nil || run.fail(
                    node, "required", expected: "member \(SchemaText.quoted(name)) present",
                    actual: "an object without \(SchemaText.quoted(name))"
                )
            }
        case .dependentRequired(let dependencies):
            return every(dependencies) { run, dependency in
                members[dependency.member] == nil || run.every(dependency.requires) { run, name in
                    members[name] != nil || run.fail(
                        node, "dependentRequired",
                        expected: "member \(SchemaText.quoted(name)) present, as \(SchemaText.quoted(dependency.member)) is",
                        actual: "an object without \(SchemaText.quoted(name))"
                    )
                }
            }
        case .properties(let declared):
            // Walks the schema's names, not the instance's members: usually fewer, and in a stable order.
            return every(declared) { run, property in
                guard let value = members[property.name] else { return true }
                return run.descend(property.schema, value, .member(property.name))
            }
        case .patternProperties(let patterns):
            return inMemberOrder {
                $0.every(members) { run, member in
                    run.every(patterns) { run, pattern in
                        !pattern.pattern.matches(member.key) || run.descend(pattern.schema, member.value, .member(member.key))
                    }
                }
            }
        case .additionalProperties(let additional):
            return inMemberOrder {
                $0.every(members) { run, member in
                    guard additional.isAdditional(member.key) else { return true }
                    guard let schema = additional.schema else {
                        // Reported on the object, as jsonschema does, naming the member.
                        return run.fail(
                            node, "additionalProperties",
                            expected: "no member \(SchemaText.quoted(member.key)) (additionalProperties is false)",
                            actual: "an object with \(SchemaText.quoted(member.key))"
                        )
                    }
                    return run.descend(schema, member.value, .member(member.key))
                }
            }
        case .propertyNames(let schema):
            // Each name is checked as a string instance; findings stay on the object.
            return inMemberOrder { $0.every(members.keys) { run, name in run.check(schema, .string(name)) } }
        case .dependentSchemas(let dependencies):
            return every(dependencies) { run, dependency in
                members[dependency.name] == nil || run.check(dependency.schema, instance)
            }
        default:
            return true
        }
    }

    /// `minItems`, `maxProperties` and the like: `size` elements or members against `limit`.
    private mutating func checkSize(
        _ node: SchemaNode, _ keyword: String, _ size: Int, atLeast: Bool, _ limit: Int, _ container: String, _ noun: String
    ) -> Bool {
        (atLeast ? size >= limit : size <= limit) || fail(
            node, keyword, expected: "\(atLeast ? "at least" : "at most") \(SchemaText.count(limit, noun))",
            actual: "\(container) \(SchemaText.count(size, noun))"
        )
    }

    /// Runs `body`, a walk over an object's members, then sorts the findings it made.
    private mutating func inMemberOrder(_ body: (inout SchemaEvaluation) -> Bool) -> Bool {
        let start = findings.count
        let valid = body(&self)
        sortFindings(from: start)
        return valid
    }
}
