/// Finds a chain of required members that leads back to a schema it starts from: an object
/// that must hold a member whose schema (through `$ref` and `allOf`) is again that object. No
/// finite instance is valid against it, and a generator following it would never end, so the
/// compiler refuses it (a contract is untrusted input: issue 42, N2).
///
/// Only what every valid instance must satisfy is followed: a `required` member of a schema
/// whose `type` is `object` alone, and `$ref`/`allOf`. A member that may be `null`, or a
/// schema that allows other types, ends a chain: a finite instance exists there.
enum RequiredChains {
    private enum VisitState { case new, onTrail, done }

    /// The first such chain in `nodes`, as an error at the schema where it closes.
    static func cycle(in nodes: [SchemaNode]) -> SchemaError? {
        var state = [VisitState](repeating: .new, count: nodes.count)
        var trail: [Int] = []
        func visit(_ index: Int) -> SchemaError? {
            state[index] = .onTrail
            trail.append(index)
            for next in successors(of: nodes[index]) {
                switch state[next] {
                case .done: continue
                case .new: if let error = visit(next) { return error }
                case .onTrail:
                    let loop = trail[(trail.lastIndex(of: next) ?? 0)...].map { "#" + nodes[$0].location } + ["#" + nodes[next].location]
                    return SchemaError(
                        pointer: nodes[index].location,
                        reason: "required members lead back to the same schema, so no finite instance is valid (and none can be generated): "
                            + loop.joined(separator: " → "))
                }
            }
            trail.removeLast()
            state[index] = .done
            return nil
        }
        for index in nodes.indices where state[index] == .new {
            if let error = visit(index) { return error }
        }
        return nil
    }

    /// The schemas every instance valid against `node` must also satisfy: itself through
    /// `$ref`/`allOf`, and the members it requires when it is an object and nothing else.
    private static func successors(of node: SchemaNode) -> [Int] {
        var next: [Int] = []
        let objectOnly = node.constraints.contains { if case .type(let types) = $0 { types == .object } else { false } }
        var required: Set<String> = []
        for case .required(let names) in node.constraints { required.formUnion(names) }
        for constraint in node.constraints {
            switch constraint {
            case .ref(let schema): next.append(schema)
            case .allOf(let schemas): next += schemas
            case .properties(let members) where objectOnly: next += members.filter { required.contains($0.name) }.map(\.schema)
            default: continue
            }
        }
        return next
    }
}
