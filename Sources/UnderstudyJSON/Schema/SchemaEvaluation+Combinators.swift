import UnderstudySupport
/// `allOf`, `anyOf`, `oneOf`, `not` and `if`.
extension SchemaEvaluation {
    package mutating func checkCombinator(_ constraint: SchemaConstraint, of node: SchemaNode, _ instance: JSONValue) -> Bool {
        switch constraint {
        case .allOf(let schemas):
            return every(schemas) { run, schema in run.check(schema, instance) }
        case .anyOf(let schemas):
            for schema in schemas where matches(schema, instance) { return true }
            let hint = collecting ? closestHint("anyOf", schemas, instance) : ""
            return fail(
                node, "anyOf", expected: "to match at least one of \(SchemaText.count(schemas.count, "schema"))" + hint,
                actual: "matched 0"
            )
        case .oneOf(let schemas):
            var matched: [Int] = []
            for (position, schema) in schemas.enumerated() where matches(schema, instance) {
                matched.append(position)
                if matched.count > 1, !collecting { return false }
            }
            if matched.count == 1 { return true }
            let hint: String
            if !collecting {
                hint = ""
            } else if matched.isEmpty {
                hint = closestHint("oneOf", schemas, instance)
            } else {
                hint = " (it matches " + matched.map { branchName("oneOf", $0, schemas[$0]) }.joined(separator: " and ") + ")"
            }
            return fail(
                node, "oneOf", expected: "to match exactly one of \(SchemaText.count(schemas.count, "schema"))" + hint,
                actual: "matched \(matched.count)"
            )
        case .not(let schema):
            guard matches(schema, instance) else { return true }
            let location = nodes[schema].location
            return fail(node, "not", expected: "a value not valid against #\(location)", actual: SchemaText.preview(instance))
        case .conditional(let condition, let then, let otherwise):
            guard let branch = matches(condition, instance) ? then : otherwise else { return true }
            return check(branch, instance)
        default:
            return true
        }
    }

    /// ` (closest: #/components/schemas/Cat, where /pet/age: expected an integer, got "3")`,
    /// naming the branch with the fewest findings and its first one; empty on a tie.
    private func closestHint(_ keyword: String, _ schemas: [Int], _ instance: JSONValue) -> String {
        var closest: (position: Int, findings: [SchemaFinding])?
        var tied = false
        for (position, schema) in schemas.enumerated() {
            let findings = trial(schema, instance)
            if let best = closest, findings.count >= best.findings.count {
                tied = tied || findings.count == best.findings.count
                continue
            }
            closest = (position, findings)
            tied = false
        }
        guard let closest, !tied, let first = closest.findings.first else { return "" }
        return " (closest: \(branchName(keyword, closest.position, schemas[closest.position])), where \(first))"
    }

    /// A branch as a message names it: the schema a lone `$ref` points at, else `oneOf/2`.
    private func branchName(_ keyword: String, _ position: Int, _ schema: Int) -> String {
        let constraints = nodes[schema].constraints
        if constraints.count == 1, case .ref(let target) = constraints[0] { return "#" + nodes[target].location }
        return "\(keyword)/\(position)"
    }
}
