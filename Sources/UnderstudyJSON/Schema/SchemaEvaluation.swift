import UnderstudySupport
/// One run of a compiled schema over one instance.
///
/// Collecting, it records every finding; the instance path is a stack of tokens that becomes
/// a pointer string only when a finding is made. Not collecting (`isValid`, and the probes of
/// `anyOf`, `not` and the like), it keeps no path and stops at the first failure.
package struct SchemaEvaluation {
    package enum PathToken {
        case member(String)
        case element(Int)
    }

    package let nodes: [SchemaNode]
    package let collecting: Bool
    private var path: [PathToken]
    package private(set) var findings: [SchemaFinding] = []

    package init(nodes: [SchemaNode], collecting: Bool, path: [PathToken] = []) {
        self.nodes = nodes
        self.collecting = collecting
        self.path = path
    }

    /// Whether `instance` is valid against schema `schema`.
    package mutating func check(_ schema: Int, _ instance: JSONValue) -> Bool {
        let node = nodes[schema]
        var valid = true
        for constraint in node.constraints where !apply(constraint, of: node, to: instance) {
            guard collecting else { return false }
            valid = false
        }
        return valid
    }

    /// `check`, below the current instance path by `token`.
    package mutating func descend(_ schema: Int, _ value: JSONValue, _ token: PathToken) -> Bool {
        guard collecting else { return check(schema, value) }
        path.append(token)
        defer { path.removeLast() }
        return check(schema, value)
    }

    /// Whether `instance` is valid against `schema`, recording nothing: for keywords whose
    /// subschemas' failures are not the instance's (`anyOf`, `not`, `if`, `contains`).
    package mutating func matches(_ schema: Int, _ instance: JSONValue) -> Bool {
        guard collecting else { return check(schema, instance) }
        var probe = SchemaEvaluation(nodes: nodes, collecting: false)
        return probe.check(schema, instance)
    }

    /// The findings `schema` gives at the current path, without recording them here.
    package func trial(_ schema: Int, _ instance: JSONValue) -> [SchemaFinding] {
        var trial = SchemaEvaluation(nodes: nodes, collecting: true, path: path)
        _ = trial.check(schema, instance)
        return trial.findings
    }

    /// Runs `body` over `items`, going on past a failure only when collecting.
    package mutating func every<Items: Sequence>(_ items: Items, _ body: (inout SchemaEvaluation, Items.Element) -> Bool) -> Bool {
        var valid = true
        for item in items where !body(&self, item) {
            guard collecting else { return false }
            valid = false
        }
        return valid
    }

    /// Records a finding for `keyword` of `node` (when collecting) and returns false, so a
    /// check reads `passes || fail(…)`. The texts are built only for a recorded finding.
    package mutating func fail(
        _ node: SchemaNode, _ keyword: String, expected: @autoclosure () -> String, actual: @autoclosure () -> String
    ) -> Bool {
        guard collecting else { return false }
        let schemaPath = keyword == "false" ? node.location : node.location + "/" + keyword
        findings.append(SchemaFinding(
            instancePath: instancePointer, schemaPath: schemaPath, keyword: keyword, expected: expected(), actual: actual()
        ))
        return false
    }

    /// Puts the findings recorded since `start` in instance-path order: they came from walking
    /// a dictionary, whose order changes from run to run.
    package mutating func sortFindings(from start: Int) {
        guard findings.count - start > 1 else { return }
        findings[start...].sort { ($0.instancePath, $0.schemaPath, $0.expected) < ($1.instancePath, $1.schemaPath, $1.expected) }
    }

    private var instancePointer: String {
        var pointer = ""
        for token in path {
            switch token {
            case .member(let name): pointer = JSONPointer.appending(name, to: pointer)
            case .element(let index): pointer += "/\(index)"
            }
        }
        return pointer
    }

    private mutating func apply(_ constraint: SchemaConstraint, of node: SchemaNode, to instance: JSONValue) -> Bool {
        switch constraint {
        case .never:
            return fail(node, "false", expected: "nothing here (the schema is false)", actual: SchemaText.preview(instance))
        case .type(let types):
            return types.admits(instance) || fail(node, "type", expected: types.phrase, actual: SchemaText.preview(instance))
        case .enumeration(let values):
            return values.contains(where: instance.isSchemaEqual)
                || fail(node, "enum", expected: "one of " + SchemaText.list(values), actual: SchemaText.preview(instance))
        case .constant(let value):
            return value.isSchemaEqual(to: instance)
                || fail(node, "const", expected: "exactly " + SchemaText.preview(value), actual: SchemaText.preview(instance))
        case .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum, .multipleOf:
            guard case .number(let number) = instance else { return true }
            return checkNumber(constraint, of: node, number)
        case .minLength, .maxLength, .pattern:
            guard case .string(let text) = instance else { return true }
            return checkString(constraint, of: node, text)
        case .minItems, .maxItems, .uniqueItems, .prefixItems, .items, .contains:
            guard case .array(let elements) = instance else { return true }
            return checkArray(constraint, of: node, elements)
        case .minProperties, .maxProperties, .required, .dependentRequired, .properties, .patternProperties,
             .additionalProperties, .propertyNames, .dependentSchemas:
            guard case .object(let members) = instance else { return true }
            return checkObject(constraint, of: node, members, instance)
        case .ref(let target):
            return check(target, instance)
        case .allOf, .anyOf, .oneOf, .not, .conditional:
            return checkCombinator(constraint, of: node, instance)
        }
    }
}
