import Foundation
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

/// The cases of the JSON Schema differential test: hand-written groups in
/// `Resources/schema-corpus.json` (the JSON-Schema-Test-Suite layout, each case with the verdict
/// its author expects) and seeded random instances against a few schemas.
enum SchemaCorpus {
    /// A schema as `JSONSchema.init` takes it: alone, or at `location` in a `root` document.
    struct SchemaSource: Hashable {
        let schema: JSONValue
        var root: JSONValue? = nil
        var location = ""

        func compile() throws -> JSONSchema { try JSONSchema(schema, root: root, location: location) }

        /// The case as `scripts/jsonschema-oracle.py` reads it.
        func oracleCase(_ instance: JSONValue) -> JSONValue {
            guard let root else { return ["schema": schema, "instance": instance] }
            return ["root": root, "location": .string(location), "instance": instance]
        }
    }

    struct Group {
        let description: String
        let source: SchemaSource
        let tests: [(data: JSONValue, valid: Bool)]
    }

    /// One case to judge; `expected` is the hand-written verdict, nil for a generated case.
    struct Case {
        let label: String
        let source: SchemaSource
        let instance: JSONValue
        let expected: Bool?
    }

    static func handWritten() throws -> [Group] {
        guard let url = Bundle.module.url(forResource: "schema-corpus", withExtension: "json", subdirectory: "Resources") else {
            throw CorpusError.shape("Resources/schema-corpus.json is not in the test bundle")
        }
        guard case .array(let groups) = try JSONParser.parse(try Data(contentsOf: url)) else { throw CorpusError.shape("not an array") }
        return try groups.map { group in
            guard let description = group["description"]?.stringValue, let tests = group["tests"]?.arrayValue else {
                throw CorpusError.shape("a group needs a description and tests")
            }
            let source: SchemaSource
            if let root = group["root"], let location = group["location"]?.stringValue, let schema = root.at(pointer: location) {
                source = SchemaSource(schema: schema, root: root, location: location)
            } else if let schema = group["schema"] {
                source = SchemaSource(schema: schema)
            } else {
                throw CorpusError.shape("\(description) needs a schema, or a root and the location of its schema")
            }
            return Group(description: description, source: source, tests: try tests.map { test in
                guard let data = test["data"], case .bool(let valid)? = test["valid"] else { throw CorpusError.shape("a test needs data and valid in \(description)") }
                return (data, valid)
            })
        }
    }

    static func handWrittenCases() throws -> [Case] {
        try handWritten().flatMap { group in
            group.tests.enumerated().map { Case(label: "\(group.description) #\($0.offset)", source: group.source, instance: $0.element.data, expected: $0.element.valid) }
        }
    }

    /// `perSchema` seeded instances for each generator schema: half random values of the
    /// schema's usual kind, half small mutations of valid seeds, so many land near the edge.
    static func generatedCases(perSchema: Int, seed: UInt64 = 2020_12) throws -> [Case] {
        var generator = InstanceGenerator(random: SeededGenerator(seed: seed))
        var cases: [Case] = []
        for (name, text, seeds) in generatorSchemas {
            let schema = try JSONParser.parse(text)
            let valid = try seeds.map { try JSONParser.parse($0) }
            for index in 0..<perSchema {
                let instance = index.isMultiple(of: 2)
                    ? generator.mutate(valid[index / 2 % valid.count], times: index / 2 % 3)
                    : generator.value(depth: 0, preferring: valid[0])
                cases.append(Case(label: "generated \(name) #\(index)", source: SchemaSource(schema: schema), instance: instance, expected: nil))
            }
        }
        return cases
    }

    enum CorpusError: Error { case shape(String) }

    /// The schemas instances are generated for, each with valid seeds to mutate.
    static let generatorSchemas: [(name: String, schema: String, seeds: [String])] = [
        ("business", ##"""
         {"type": "object", "required": ["id"], "additionalProperties": {"type": ["string", "integer"]},
          "properties": {"id": {"type": "string", "minLength": 1}, "rating": {"type": "number", "minimum": 1, "maximum": 5, "multipleOf": 0.5},
                         "tags": {"type": "array", "items": {"type": "string", "maxLength": 3}, "uniqueItems": true, "maxItems": 3},
                         "kind": {"enum": ["card", "bank", null, 1]}}}
         """##, [#"{"id": "a", "rating": 4.5, "tags": ["a", "abc"], "kind": "card"}"#, #"{"id": "abc", "name": "é", "value": 7}"#]),
        ("tree", ##"""
         {"$ref": "#/$defs/node",
          "$defs": {"node": {"type": "object", "required": ["value"], "additionalProperties": false,
                             "properties": {"value": {"type": "integer", "exclusiveMinimum": 0}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}
         """##, [#"{"value": 1, "children": [{"value": 2}, {"value": 3, "children": [{"value": 5}]}]}"#, #"{"value": 7, "children": []}"#]),
        ("scalars", ##"""
         {"oneOf": [{"type": "integer", "maximum": 5}, {"type": "number", "multipleOf": 0.5}, {"type": "string", "pattern": "^[a-z]+$", "maxLength": 4}]}
         """##, ["2.5", "7", #""abc""#]),
        ("tuple", ##"""
         {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": {"type": ["boolean", "null"]},
          "contains": {"type": "null"}, "maxContains": 1, "minItems": 1}
         """##, [#"["a", 1, null]"#, #"["", 0, true, null, false]"#]),
        ("conditional", ##"""
         {"type": "object", "minProperties": 1, "propertyNames": {"maxLength": 6},
          "if": {"properties": {"kind": {"const": "card"}}, "required": ["kind"]}, "then": {"required": ["number"]}, "else": {"not": {"required": ["number"]}},
          "dependentRequired": {"name": ["id"]}, "patternProperties": {"^x-": {"type": "string"}}}
         """##, [#"{"kind": "card", "number": "4111"}"#, #"{"kind": "bank", "name": "a", "id": "b", "x-a": "s"}"#]),
        ("references", ##"""
         {"$defs": {"positive": {"type": "number", "exclusiveMinimum": 0}, "word": {"type": "string", "minLength": 2}},
          "anyOf": [{"$ref": "#/$defs/positive"}, {"$ref": "#/$defs/word"}, {"type": "array", "items": {"$ref": "#/$defs/positive"}, "uniqueItems": true}],
          "not": {"enum": [2, "abc", [1, 2]]}}
         """##, ["3", #""ab""#, "[1, 2.5]", "[]"]),
    ]
}

/// Seeded random JSON from a small vocabulary chosen to hit the generator schemas' edges.
struct InstanceGenerator {
    var random: SeededGenerator

    static let names = ["id", "name", "rating", "tags", "kind", "value", "children", "number", "x-a", "x-b", "longname"]
    static let strings = ["", "a", "ab", "abc", "ABC", "abcde", "card", "bank", "é", "e\u{301}", "🍕🍕", "x-y", "4111"]
    static let numbers = ["0", "1", "2", "3", "5", "-1", "7", "10", "1.0", "0.5", "2.5", "4.5", "-1.5", "0.07", "19.99", "1e2", "5.0", "6"]

    mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    mutating func chance(_ probability: Double) -> Bool { random.nextUnit() < probability }
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A random value; at the top, usually of the same kind as `like`.
    mutating func value(depth: Int, preferring like: JSONValue? = nil) -> JSONValue {
        var kind = below(depth >= 3 ? 5 : 8)
        if let like, chance(0.85) {
            switch like {
            case .object: kind = 7
            case .array: kind = 6
            default: break
            }
        }
        switch kind {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2, 3: return .number(JSONNumber(text: pick(Self.numbers)) ?? JSONNumber(0))
        case 4, 5: return .string(pick(Self.strings))
        case 6: return .array((0..<below(5)).map { _ in value(depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<below(5) { members[pick(Self.names)] = value(depth: depth + 1) }
            return .object(members)
        }
    }

    /// `value` changed `times` times: a member or element replaced, removed, added or repeated.
    mutating func mutate(_ value: JSONValue, times: Int) -> JSONValue {
        var result = value
        for _ in 0..<times { result = mutate(result, depth: 0) }
        return result
    }

    private mutating func mutate(_ value: JSONValue, depth: Int) -> JSONValue {
        switch value {
        case .object(var members) where !members.isEmpty && depth < 4 && chance(0.8):
            // Sorted: dictionary order changes between runs, and the corpus must not.
            let name = members.keys.sorted()[below(members.count)]
            switch below(3) {
            case 0: members[name] = mutate(members[name] ?? .null, depth: depth + 1)
            case 1: members[name] = nil
            default: members[pick(Self.names)] = self.value(depth: 2)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty && depth < 4 && chance(0.8):
            let index = below(elements.count)
            switch below(4) {
            case 0: elements[index] = mutate(elements[index], depth: depth + 1)
            case 1: elements.remove(at: index)
            case 2: elements.append(elements[index])
            default: elements.insert(self.value(depth: 2), at: index)
            }
            return .array(elements)
        default:
            return self.value(depth: 2)
        }
    }
}
