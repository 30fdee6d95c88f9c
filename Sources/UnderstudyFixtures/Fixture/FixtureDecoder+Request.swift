import UnderstudyJSON
import UnderstudySupport
/// Decoding `request`: method, path, query and header conditions, body conditions.
extension FixtureDecoder {
    package mutating func decodeRequest(_ value: JSONValue, at path: JSONPath) -> RequestPattern? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: Self.requestKeys, at: path)
        var method: String?
        if let value = members["method"] {
            if let text = string(value, at: path.appending("method")) {
                // Byte by byte for ASCII letters, as every method in use is; other letters as characters.
                if text.isEmpty || !(text.utf8.allSatisfy(\.isASCIILetter) || text.allSatisfy(\.isLetter)) {
                    report(path.appending("method"), "\"\(text)\" is not an HTTP method")
                } else {
                    method = text.uppercased()
                }
            }
        } else {
            report(path, "missing \"method\"")
        }
        var pathPattern: PathPattern?
        if let value = members["path"] {
            if let text = string(value, at: path.appending("path")) {
                switch PathPattern.parse(text) {
                case .success(let pattern): pathPattern = pattern
                case .failure(let error): report(path.appending("path"), "\"\(text)\" \(error.reason)")
                }
            }
        } else {
            report(path, "missing \"path\"")
        }
        let query = members["query"].map { conditions($0, at: path.appending("query"), lowercasingNames: false) } ?? [:]
        let headers = members["headers"].map { conditions($0, at: path.appending("headers"), lowercasingNames: true) } ?? [:]
        let body = members["body"].flatMap { decodeBodyCondition($0, at: path.appending("body")) }
        guard let method, let pathPattern else { return nil }
        return RequestPattern(method: method, path: pathPattern, query: query, headers: headers, body: body)
    }

    package mutating func conditions(_ value: JSONValue, at path: JSONPath, lowercasingNames: Bool) -> [String: ValueCondition] {
        guard let members = object(value, at: path), !members.isEmpty else { return [:] }
        var result = [String: ValueCondition](minimumCapacity: members.count)
        let parent = path.asParent
        for (name, condition) in members.sorted(by: { $0.key < $1.key }) {
            let key = lowercasingNames ? name.lowercased() : name
            if result[key] != nil {
                report(parent.appending(name), "\"\(name)\" is given twice (names are case-insensitive here)")
                continue
            }
            if let decoded = decodeCondition(condition, at: parent.appending(name)) { result[key] = decoded }
        }
        return result
    }

    package mutating func decodeCondition(_ value: JSONValue, at path: JSONPath) -> ValueCondition? {
        switch value {
        case .string(let text): return .equals(text)
        case .number(let number): return .equals(number.text)
        case .bool(let flag): return .equals(flag ? "true" : "false")
        case .array(let elements):
            var values: [String] = []
            for (index, element) in elements.enumerated() {
                switch element {
                case .string(let text): values.append(text)
                case .number(let number): values.append(number.text)
                default: report(path.appending(index: index), "a repeated parameter's values must be strings, found \(element.kindDescription)")
                }
            }
            if elements.isEmpty { report(path, "an empty array can never match; use {\"absent\": true}") }
            return .equalsAll(values)
        case .object(let members):
            guard members.count == 1, let (kind, argument) = members.first else {
                report(path, "expected exactly one of \"matches\", \"present\", \"absent\"; found \(members.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
                return nil
            }
            switch kind {
            case "matches":
                guard let source = string(argument, at: path.appending("matches")) else { return nil }
                do {
                    return .matches(try RegexPattern(source))
                } catch {
                    report(path.appending("matches"), "invalid regular expression /\(source)/")
                    return nil
                }
            case "present", "absent":
                guard argument == .bool(true) else {
                    report(path.appending(kind), "expected true (to say the opposite, use \"\(kind == "present" ? "absent" : "present")\")")
                    return nil
                }
                return kind == "present" ? .present : .absent
            default:
                report(path.appending(kind), "unknown condition \"\(kind)\"; expected \"matches\", \"present\" or \"absent\"")
                return nil
            }
        case .null:
            report(path, "null is not a condition; use {\"absent\": true}")
            return nil
        }
    }

    package mutating func decodeBodyCondition(_ value: JSONValue, at path: JSONPath) -> BodyCondition? {
        guard let members = object(value, at: path) else { return nil }
        guard members.count == 1, let (kind, argument) = members.first else {
            report(path, "expected exactly one of \"json\", \"jsonSubset\", \"text\"")
            return nil
        }
        switch kind {
        case "json": return .json(argument)
        case "jsonSubset": return .jsonSubset(argument)
        case "text": return string(argument, at: path.appending("text")).map(BodyCondition.text)
        default:
            report(path.appending(kind), "unknown body condition \"\(kind)\"; expected \"json\", \"jsonSubset\" or \"text\"")
            return nil
        }
    }
}
