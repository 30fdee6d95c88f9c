import Foundation
import UnderstudySupport

/// Turns schema JSON into `SchemaNode`s. Every schema is compiled once per pointer, so a `$ref`
/// to a schema still being compiled (a recursive tree) gets the index reserved for it.
package struct SchemaCompiler {
    private let root: JSONValue
    /// Put before every pointer in reports: the schema's `location` when it is its own root.
    private let reportPrefix: String
    private var nodes: [SchemaNode] = []
    private var indexByPointer: [String: Int] = [:]

    private static let placeholder = SchemaNode(location: "", constraints: [])

    package init(root: JSONValue, reportPrefix: String) {
        self.root = root
        self.reportPrefix = reportPrefix
    }

    /// The schema at `pointer` (which `schema` is), compiled or found already compiled.
    package mutating func compile(_ schema: JSONValue, at pointer: String) throws(SchemaError) -> Int {
        if let index = indexByPointer[pointer] { return index }
        let index = nodes.count
        nodes.append(Self.placeholder)
        indexByPointer[pointer] = index
        let location = reportPrefix + pointer
        switch schema {
        case .bool(let allowsAll):
            nodes[index] = SchemaNode(location: location, constraints: allowsAll ? [] : [.never])
        case .object(let members):
            nodes[index] = SchemaNode(location: location, constraints: try constraints(of: SchemaMembers(members), at: pointer))
        default:
            throw error(at: pointer, "a schema must be an object or a boolean, not \(schema.kindDescription)")
        }
        return index
    }

    /// The compiled program, once no `$ref` cycle is left that would loop on one instance forever
    /// and no required member leads back to its own schema (`RequiredChains`).
    package func finish() throws(SchemaError) -> [SchemaNode] {
        var state = [VisitState](repeating: .new, count: nodes.count)
        var trail: [Int] = []
        for index in nodes.indices where state[index] == .new {
            try visitSameInstance(index, &state, &trail)
        }
        if let chain = RequiredChains.cycle(in: nodes) { throw chain }
        return nodes
    }

    /// The schema a `$ref` names: percent-decoded, then read as a JSON pointer into the root.
    package mutating func reference(_ value: JSONValue, at pointer: String) throws(SchemaError) -> Int {
        guard case .string(let ref) = value else {
            throw error(at: pointer, "$ref must be a string, not \(value.kindDescription)")
        }
        guard ref.hasPrefix("#") else {
            throw error(at: pointer, "$ref \"\(ref)\" is not local; only references into this document (\"#/…\") are supported")
        }
        guard let target = JSONPointer.percentDecoded(String(ref.dropFirst())) else {
            throw error(at: pointer, "$ref \"\(ref)\" has an invalid percent-encoding")
        }
        guard target.isEmpty || target.hasPrefix("/") else {
            throw error(at: pointer, "$ref \"\(ref)\" names an anchor; only JSON pointers (\"#/…\") are supported")
        }
        guard let schema = root.at(pointer: target) else {
            throw error(at: pointer, "$ref \"\(ref)\" points at nothing in the document")
        }
        return try compile(schema, at: target)
    }

    package func error(at pointer: String, _ reason: String) -> SchemaError {
        SchemaError(pointer: reportPrefix + pointer, reason: reason)
    }

    // MARK: cycles

    private enum VisitState { case new, onTrail, done }

    /// Depth-first over the subschemas that apply to the same instance ($ref, allOf, not, …):
    /// a cycle among them never reaches a member or element, so validating it would not end.
    private func visitSameInstance(_ index: Int, _ state: inout [VisitState], _ trail: inout [Int]) throws(SchemaError) {
        state[index] = .onTrail
        trail.append(index)
        for next in nodes[index].constraints.flatMap(\.sameInstanceSchemas) {
            switch state[next] {
            case .done: continue
            case .new: try visitSameInstance(next, &state, &trail)
            case .onTrail:
                let loop = trail[(trail.lastIndex(of: next) ?? 0)...].map { "#" + nodes[$0].location } + ["#" + nodes[next].location]
                throw SchemaError(
                    pointer: nodes[index].location,
                    reason: "$ref cycle that never reaches into the instance, so validation would not end: "
                        + loop.joined(separator: " → ")
                )
            }
        }
        trail.removeLast()
        state[index] = .done
    }
}

extension SchemaConstraint {
    /// The subschemas this keyword applies to the instance itself, not to a member or element.
    package var sameInstanceSchemas: [Int] {
        switch self {
        case .ref(let schema), .not(let schema): [schema]
        case .allOf(let schemas), .anyOf(let schemas), .oneOf(let schemas): schemas
        case .conditional(let condition, let then, let otherwise): [condition] + [then, otherwise].compactMap { $0 }
        case .dependentSchemas(let members): members.map(\.schema)
        default: []
        }
    }
}
