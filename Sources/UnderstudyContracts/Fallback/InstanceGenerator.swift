import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// Writes a JSON value that an OpenAPI 3.1 schema accepts, from the schema as written (local
/// `$ref`s resolved against the pack's document), every choice drawn from a seeded generator:
/// the same seed gives the same value in every run and on every platform.
///
/// It prefers what the schema itself offers (`const`, `examples`, `example`, `enum`,
/// `default`), fills every declared property (only the required ones past `maximumDepth`),
/// one to three array elements, numbers within their bounds, and strings shaped by their
/// `format`, `pattern` or member name. It aims at valid, not at exhaustive: the caller checks
/// the result with the compiled schema and retries with another seed.
package struct InstanceGenerator {
    /// The pack's OpenAPI document, which `$ref`s point into.
    package let document: JSONValue
    package var random: SeededGenerator
    /// Below this depth only required members and the fewest array elements are written, so
    /// recursive schemas end.
    package static let maximumDepth = 6

    /// Patterns for members named like a path parameter (`permission`), so a generated value
    /// can be sent back in that path.
    package var memberPatterns: [String: String] = [:]
    /// What generation may still cost; once `exceeded` is set every value is `null`.
    package var budget = GenerationBudget()
    /// Where in the instance the value being written goes (`/result/photos/0`), for refusals.
    private var path = ""
    /// How deep `value(for:)` calls nest now (`allOf`, `oneOf` and members alike).
    private var nesting = 0
    /// The `$ref`s being written, outermost first: one met again below `maximumDepth`, where
    /// only required members are written, is a required chain that never ends.
    private var references: [String] = []

    package init(document: JSONValue, seed: UInt64, memberPatterns: [String: String] = [:]) {
        self.document = document
        self.memberPatterns = memberPatterns
        random = SeededGenerator(seed: seed)
    }

    /// A value for `schema`; `name` is the member it goes in, which shapes strings (`id`, `url`).
    package mutating func value(for schema: JSONValue, name: String? = nil, depth: Int = 0) -> JSONValue {
        guard budget.step(at: path) else { return .null }
        guard nesting < GenerationBudget.maximumNesting else {
            budget.stop("values nested more than \(GenerationBudget.maximumNesting) deep", at: path)
            return .null
        }
        let reference = schema["$ref"]?.stringValue
        if let reference, depth >= Self.maximumDepth, references.contains(reference) {
            budget.stop("a required member's schema \(reference) leads back to itself", at: path)
            return .null
        }
        nesting += 1
        if let reference { references.append(reference) }
        defer {
            nesting -= 1
            if reference != nil { references.removeLast() }
        }
        return written(for: resolved(schema), name: name, depth: depth)
    }

    /// `value(for:)` of a resolved schema, its bytes charged to the budget.
    private mutating func written(for schema: JSONValue, name: String?, depth: Int) -> JSONValue {
        if case .bool(let allowed) = schema { return charged(allowed ? .string(word(name)) : .null) }
        guard case .object(let keywords) = schema else { return charged(.null) }
        if let constant = keywords["const"] { return charged(constant) }
        if let examples = keywords["examples"]?.arrayValue, !examples.isEmpty { return charged(pick(examples)) }
        if let example = keywords["example"] { return charged(example) }
        if let choices = keywords["enum"]?.arrayValue, !choices.isEmpty {
            let concrete = choices.filter { $0 != .null }
            return charged(pick(concrete.isEmpty ? choices : concrete))
        }
        if let defaultValue = keywords["default"] { return charged(defaultValue) }
        if let parts = keywords["allOf"]?.arrayValue, !parts.isEmpty {
            return value(for: merged(keywords, parts), name: name, depth: depth)
        }
        for combinator in ["oneOf", "anyOf"] {
            if let branches = keywords[combinator]?.arrayValue, !branches.isEmpty {
                let concrete = branches.filter { resolved($0)["type"] != .string("null") }
                var branch = resolved(pick(concrete.isEmpty ? branches : concrete))
                // The branch's siblings (properties beside oneOf) still apply.
                if case .object(var members) = branch {
                    for (key, keyword) in keywords where key != combinator && members[key] == nil { members[key] = keyword }
                    branch = .object(members)
                }
                return value(for: branch, name: name, depth: depth)
            }
        }
        switch type(of: keywords) {
        case "object": return object(keywords, depth: depth)
        case "array": return array(keywords, name: name, depth: depth)
        case "integer": return charged(.number(JSONNumber(integer(keywords))))
        case "number": return charged(number(keywords))
        case "boolean": return charged(.bool(random.next() & 1 == 0))
        case "null": return charged(.null)
        default: return string(keywords, name: name).map(JSONValue.string) ?? .null
        }
    }

    /// `value`, its written size spent from the budget (`null` once the budget is spent).
    private mutating func charged(_ value: JSONValue) -> JSONValue {
        budget.spend(JSONWriter.bytes(value).count, at: path) ? value : .null
    }

    /// Runs `body` with `component` appended to the instance path.
    private mutating func at<T>(_ component: String, _ body: (inout Self) -> T) -> T {
        let outer = path
        path += "/" + JSONPointer.escape(component)
        defer { path = outer }
        return body(&self)
    }

    /// A count a schema asks for (`minItems`, `minProperties`), refused past
    /// `GenerationBudget.maximumElements`.
    private mutating func affordable(_ count: Int, _ keyword: String) -> Bool {
        guard count > GenerationBudget.maximumElements else { return true }
        return budget.stop("\(keyword) \(count) asks for more than \(GenerationBudget.maximumElements) values", at: path)
    }

    // MARK: kinds

    private mutating func object(_ keywords: [String: JSONValue], depth: Int) -> JSONValue {
        let properties = keywords["properties"]?.objectValue ?? [:]
        let required = Set(keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var members: [String: JSONValue] = [:]
        func add(_ name: String, _ schema: JSONValue, named: String?, into generator: inout Self) {
            guard generator.budget.spend(name.utf8.count + 4, at: generator.path) else { return }
            members[name] = generator.at(name) { $0.value(for: schema, name: named, depth: depth + 1) }
        }
        // Sorted: the generator's draws must come in the same order in every process.
        for name in properties.keys.sorted() where depth < Self.maximumDepth || required.contains(name) {
            guard budget.exceeded == nil else { break }
            add(name, properties[name]!, named: name, into: &self)
        }
        for name in required.sorted() where members[name] == nil {
            guard budget.exceeded == nil else { break }
            add(name, keywords["additionalProperties"] ?? .object([:]), named: name, into: &self)
        }
        let minimum = keywords["minProperties"]?.intValue ?? 0
        guard affordable(minimum, "minProperties") else { return .null }
        var extra = 1
        while members.count < minimum, extra <= minimum, budget.exceeded == nil {
            add("member\(extra)", keywords["additionalProperties"] ?? .object(["type": "string"]), named: nil, into: &self)
            extra += 1
        }
        return budget.spend(2, at: path) ? .object(members) : .null
    }

    private mutating func array(_ keywords: [String: JSONValue], name: String?, depth: Int) -> JSONValue {
        let prefix = keywords["prefixItems"]?.arrayValue ?? []
        let minimum = max(keywords["minItems"]?.intValue ?? 0, prefix.count)
        guard affordable(minimum, "minItems") else { return .null }
        let maximum = keywords["maxItems"]?.intValue ?? max(minimum, 3)
        var count = depth < Self.maximumDepth ? max(minimum, 1 + Int(random.next() % 3)) : minimum
        count = max(0, min(count, maximum))  // a negative maxItems gives none, not a trap
        var elements: [JSONValue] = []
        for index in 0..<count where budget.spend(1, at: path) {
            let schema = index < prefix.count ? prefix[index] : (keywords["items"] ?? .object([:]))
            elements.append(at(String(index)) { $0.value(for: schema, name: name.map(Self.singular), depth: depth + 1) })
        }
        guard budget.spend(2, at: path) else { return .null }
        if keywords["uniqueItems"] == .bool(true) {
            var seen: [JSONValue] = []
            elements = elements.filter { element in
                guard !seen.contains(element) else { return false }
                seen.append(element)
                return true
            }
        }
        return .array(elements)
    }

    private mutating func integer(_ keywords: [String: JSONValue]) -> Int {
        var low = keywords["minimum"].flatMap(Self.double).map { Self.bounded($0.rounded(.up)) } ?? 0
        var high = keywords["maximum"].flatMap(Self.double).map { Self.bounded($0.rounded(.down)) } ?? max(low, 0) + 100
        if let exclusive = keywords["exclusiveMinimum"].flatMap(Self.double) { low = max(low, Self.bounded(exclusive.rounded(.down)) + 1) }
        if let exclusive = keywords["exclusiveMaximum"].flatMap(Self.double) { high = min(high, Self.bounded(exclusive.rounded(.up)) - 1) }
        if keywords["maximum"] == nil, keywords["exclusiveMaximum"] == nil { high = max(high, low + 100) }
        guard high >= low else { return low }
        var value = low + Int(random.next() % UInt64(high - low + 1))
        if let step = keywords["multipleOf"].flatMap(Self.double), step >= 1 {
            let multiple = Self.bounded(step)
            value = ((value + multiple - 1) / multiple) * multiple
            if value > high { value -= multiple }
        }
        return value
    }

    private mutating func number(_ keywords: [String: JSONValue]) -> JSONValue {
        if keywords["multipleOf"] != nil { return .number(JSONNumber(integer(keywords))) }
        let low = keywords["minimum"].flatMap(Self.double) ?? keywords["exclusiveMinimum"].flatMap(Self.double) ?? 0
        let high = keywords["maximum"].flatMap(Self.double) ?? keywords["exclusiveMaximum"].flatMap(Self.double) ?? low + 100
        // Four decimals: a coordinate's precision, and no bound is reached exactly.
        let value = ((low + (0.05 + 0.9 * random.nextUnit()) * (high - low)) * 10_000).rounded() / 10_000
        return .number(JSONNumber(text: String(value)) ?? JSONNumber(0))
    }

    /// `nil` once the budget is spent (a `minLength` past it spends it).
    private mutating func string(_ keywords: [String: JSONValue], name: String?) -> String? {
        let minimum = keywords["minLength"]?.intValue ?? 0
        let maximum = keywords["maxLength"]?.intValue.map { max($0, 0) }  // a negative one: empty, not a trap
        var text: String
        if let pattern = keywords["pattern"]?.stringValue ?? name.flatMap({ memberPatterns[$0] }), let generator = PatternGenerator(pattern) {
            text = generator.string(using: &random)
        } else {
            text = formatted(keywords["format"]?.stringValue, name: name)
        }
        if text.count < minimum {
            guard budget.spend(minimum - text.count, at: path) else { return nil }
            text += String(repeating: "x", count: minimum - text.count)
        }
        if let maximum, text.count > maximum { text = String(text.prefix(maximum)) }
        return budget.spend(JSONWriter.bytes(.string(text)).count, at: path) ? text : nil
    }

    /// A string for a `format`, else one shaped by the member's name.
    private mutating func formatted(_ format: String?, name: String?) -> String {
        let tag = hex(8)
        switch format {
        case "date-time": return "2026-01-\(10 + Int(random.next() % 18))T12:00:00Z"
        case "date": return "2026-01-\(10 + Int(random.next() % 18))"
        case "time": return "12:00:00Z"
        case "uri", "url", "uri-reference", "iri": return "https://example.com/understudy/\(tag)"
        case "email": return "understudy-\(tag)@example.com"
        case "uuid": return "\(hex(8))-\(hex(4))-4\(hex(3))-8\(hex(3))-\(hex(12))"
        case "ipv4": return "192.0.2.\(1 + random.next() % 254)"
        default: break
        }
        let lowered = (name ?? "").lowercased()
        if lowered.hasSuffix("url") || lowered.hasSuffix("uri") || lowered == "link" || lowered.hasSuffix("_link") {
            return "https://example.com/understudy/\(tag)"
        }
        if lowered == "id" || lowered.hasSuffix("_id") || lowered.hasSuffix("id") && lowered.count > 2 || lowered.hasSuffix("token") || lowered.hasSuffix("reference") {
            return GeneratedAnswer.issuedPrefix + tag + hex(8)
        }
        return word(name)
    }

    /// Plain text naming the member, so a generated answer reads as one (`name 3f9a0c12`).
    private mutating func word(_ name: String?) -> String {
        "\(name.map { $0.replacingOccurrences(of: "_", with: " ") } ?? "text") \(hex(8))"
    }

    private mutating func hex(_ count: Int) -> String {
        var text = ""
        while text.count < count { text += String(random.next(), radix: 16) }
        return String(text.prefix(count))
    }

    // MARK: schema reading

    /// The schema a `$ref` chain ends at (32 hops at most, as the pack decoder allows).
    package func resolved(_ schema: JSONValue) -> JSONValue {
        schema.dereferenced(in: document)
    }

    /// One schema holding every `allOf` part's members: types, properties and required names
    /// joined, other keywords from the first part that has them.
    private func merged(_ keywords: [String: JSONValue], _ parts: [JSONValue]) -> JSONValue {
        var result = keywords
        result["allOf"] = nil
        var properties = result["properties"]?.objectValue ?? [:]
        var required = result["required"]?.arrayValue ?? []
        for part in parts {
            guard case .object(let members) = resolved(part) else { continue }
            for (key, member) in members {
                switch key {
                case "properties": for (name, schema) in member.objectValue ?? [:] where properties[name] == nil { properties[name] = schema }
                case "required": required += member.arrayValue ?? []
                default: if result[key] == nil { result[key] = member }
                }
            }
        }
        if !properties.isEmpty { result["properties"] = .object(properties) }
        if !required.isEmpty { result["required"] = .array(required) }
        return .object(result)
    }

    /// The type to write: the first non-null one declared, else what the keywords imply.
    private func type(of keywords: [String: JSONValue]) -> String {
        switch keywords["type"] {
        case .string(let type)?: return type
        case .array(let types)?:
            let names = types.compactMap(\.stringValue)
            return names.first { $0 != "null" } ?? names.first ?? "string"
        default:
            if keywords["properties"] != nil || keywords["required"] != nil || keywords["additionalProperties"] != nil { return "object" }
            if keywords["items"] != nil || keywords["prefixItems"] != nil { return "array" }
            if keywords["minimum"] != nil || keywords["maximum"] != nil { return "number" }
            return "string"
        }
    }

    private mutating func pick(_ choices: [JSONValue]) -> JSONValue {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    /// A bound as an Int within ±2^53 (where every integer is a Double), whatever the pack
    /// wrote (`1e19`, `-9.3e18`, `1e300`): so no conversion traps and no sum overflows.
    private static func bounded(_ bound: Double) -> Int {
        let limit = 9_007_199_254_740_992.0
        guard bound.isFinite else { return bound < 0 ? -Int(limit) : Int(limit) }
        return Int(min(max(bound, -limit), limit))
    }

    private static func double(_ value: JSONValue) -> Double? {
        if case .number(let number) = value { return number.value }
        return nil
    }

    /// `photos` → `photo`, so an array's elements are named like one of them.
    private static func singular(_ name: String) -> String {
        name.hasSuffix("s") && name.count > 1 ? String(name.dropLast()) : name
    }
}
