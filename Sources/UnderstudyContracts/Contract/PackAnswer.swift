import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// One of a pack's named answers (`x-understudy.errors`): the real provider's own error, with
/// `{{placeholders}}` filled when it is given.
package struct PackAnswer: Sendable {
    package enum Body: Sendable {
        case json(JSONValue)
        case text(String)
    }

    package let status: Int
    package let headers: [HeaderField]
    package let body: Body

    /// The placeholders an answer may use; anything else is a mistake in the pack.
    package static let placeholders: Set<String> = [
        "message", "parameter", "value", "operation", "method", "now", "path", "quota.limit", "quota.remaining", "quota.resetTime", "token.expiresAt",
    ]

    /// The response, with every `{{name}}` replaced by `values[name]` (empty when not given).
    package func response(_ values: [String: String]) -> Response {
        var headers = headers.map { HeaderField(name: $0.name, value: Self.fill($0.value, values)) }
        let bytes: [UInt8]
        switch body {
        case .json(let json):
            if !headers.contains(where: { $0.hasName("Content-Type") }) {
                headers.insert(HeaderField(name: "Content-Type", value: "application/json; charset=UTF-8"), at: 0)
            }
            bytes = JSONWriter.bytes(Self.fill(json, values))
        case .text(let text):
            bytes = Array(Self.fill(text, values).utf8)
        }
        return Response(status: status, headers: headers, body: bytes)
    }

    package static func fill(_ json: JSONValue, _ values: [String: String]) -> JSONValue {
        switch json {
        case .string(let text): .string(fill(text, values))
        case .array(let elements): .array(elements.map { fill($0, values) })
        case .object(let members): .object(members.mapValues { fill($0, values) })
        default: json
        }
    }

    /// `text` with each `{{name}}` replaced. Byte scanning rather than Foundation searches:
    /// rate-limit headers are filled on every request a quota counts.
    package static func fill(_ text: String, _ values: [String: String]) -> String {
        var result = ""
        var found = false
        forEachPart(of: text) { part in
            switch part {
            case .literal(let literal): result += literal
            case .placeholder(let name):
                found = true
                result += values[String(name)] ?? ""
            }
        }
        return found ? result : text
    }

    package enum Part {
        case literal(Substring)
        case placeholder(Substring)
    }

    /// Splits `text` into literal runs and `{{ name }}` placeholders (names trimmed of spaces).
    package static func forEachPart(of text: String, _ body: (Part) -> Void) {
        let utf8 = text.utf8
        var literalStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let next = utf8.index(after: index)
            guard utf8[index] == UInt8(ascii: "{"), next != utf8.endIndex, utf8[next] == UInt8(ascii: "{") else {
                index = next
                continue
            }
            let nameStart = utf8.index(after: next)
            var scan = nameStart
            var close: String.Index?
            while scan != utf8.endIndex {
                let after = utf8.index(after: scan)
                if utf8[scan] == UInt8(ascii: "}"), after != utf8.endIndex, utf8[after] == UInt8(ascii: "}") {
                    close = scan
                    break
                }
                scan = after
            }
            guard let close else { break }
            if literalStart < index { body(.literal(text[literalStart..<index])) }
            var name = text[nameStart..<close]
            while name.first == " " { name = name.dropFirst() }
            while name.last == " " { name = name.dropLast() }
            body(.placeholder(name))
            index = utf8.index(close, offsetBy: 2)
            literalStart = index
        }
        if literalStart < utf8.endIndex { body(.literal(text[literalStart...])) }
    }

    /// The placeholder names `text` uses, for checking a pack when it loads.
    package static func placeholderNames(in json: JSONValue) -> [String] {
        switch json {
        case .string(let text): placeholderNames(in: text)
        case .array(let elements): elements.flatMap(placeholderNames)
        case .object(let members): members.values.flatMap(placeholderNames)
        default: []
        }
    }

    package static func placeholderNames(in text: String) -> [String] {
        var names: [String] = []
        forEachPart(of: text) { if case .placeholder(let name) = $0 { names.append(String(name)) } }
        return names
    }
}
