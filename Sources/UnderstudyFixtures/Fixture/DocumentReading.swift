import UnderstudyJSON
import UnderstudySupport
/// Reading a JSON document we were given (a fixture, a contract) while collecting every
/// problem with its JSON path, instead of stopping at the first.
package protocol DocumentReading {
    /// The file being read, as it is named in problems.
    var file: String { get }
    /// The problems found so far.
    var problems: [FixtureProblem] { get set }
    /// Whether `x-…` members are allowed anywhere (OpenAPI documents' extensions).
    var allowsExtensions: Bool { get }
}

extension DocumentReading {
    package var allowsExtensions: Bool { false }

    package mutating func report(_ path: JSONPath, _ message: String) {
        problems.append(FixtureProblem(file: file, path: path, message: message))
    }

    package mutating func object(_ value: JSONValue, at path: JSONPath) -> [String: JSONValue]? {
        if case .object(let members) = value { return members }
        report(path, "expected an object, found \(value.kindDescription)")
        return nil
    }

    package mutating func array(_ value: JSONValue, at path: JSONPath) -> [JSONValue]? {
        if case .array(let elements) = value { return elements }
        report(path, "expected an array, found \(value.kindDescription)")
        return nil
    }

    package mutating func string(_ value: JSONValue, at path: JSONPath) -> String? {
        if case .string(let text) = value { return text }
        report(path, "expected a string, found \(value.kindDescription)")
        return nil
    }

    package mutating func int(_ value: JSONValue, at path: JSONPath) -> Int? {
        if let int = value.intValue { return int }
        report(path, "expected an integer, found \(value.kindDescription)")
        return nil
    }

    package mutating func bool(_ value: JSONValue, at path: JSONPath) -> Bool? {
        if case .bool(let flag) = value { return flag }
        report(path, "expected true or false, found \(value.kindDescription)")
        return nil
    }

    package mutating func number(_ value: JSONValue, at path: JSONPath) -> Double? {
        if case .number(let number) = value { return number.value }
        report(path, "expected a number, found \(value.kindDescription)")
        return nil
    }

    package mutating func strings(_ value: JSONValue, at path: JSONPath) -> [String]? {
        guard let elements = array(value, at: path) else { return nil }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            if let text = string(element, at: path.appending(index: index)) { result.append(text) }
        }
        return result.count == elements.count ? result : nil
    }

    /// Reports every member not in `allowed`, with a "did you mean" for near typos.
    package mutating func checkKeys(_ members: [String: JSONValue], allowed: Set<String>, at path: JSONPath) {
        guard !members.keys.allSatisfy(allowed.contains) else { return }
        for key in members.keys.sorted() where !allowed.contains(key) && !(allowsExtensions && key.hasPrefix("x-")) {
            let suggestion = allowed.sorted().first { Self.isNearMiss($0, key) }.map { " (did you mean \"\($0)\"?)" } ?? ""
            report(path.appending(key), "unknown member \"\(key)\"\(suggestion); expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// A cheap typo check: same letters ignoring case, or one edit apart.
    package static func isNearMiss(_ candidate: String, _ typed: String) -> Bool {
        let a = Array(candidate.lowercased()), b = Array(typed.lowercased())
        if a == b { return true }
        guard abs(a.count - b.count) <= 1 else { return false }
        var i = 0, j = 0, edits = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count { i += 1 } else if b.count > a.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }
}
