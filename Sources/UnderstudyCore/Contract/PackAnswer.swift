import Foundation

/// One of a pack's named answers (`x-understudy.errors`): the real provider's own error, with
/// `{{placeholders}}` filled when it is given.
struct PackAnswer: Sendable {
    enum Body: Sendable {
        case json(JSONValue)
        case text(String)
    }

    let status: Int
    let headers: [HTTPField]
    let body: Body

    /// The placeholders an answer may use; anything else is a mistake in the pack.
    static let placeholders: Set<String> = [
        "message", "parameter", "value", "operation", "now", "quota.limit", "quota.remaining", "quota.resetTime", "token.expiresAt",
    ]

    /// The response, with every `{{name}}` replaced by `values[name]` (empty when not given).
    func response(_ values: [String: String]) -> Response {
        var headers = headers.map { HTTPField(name: $0.name, value: Self.fill($0.value, values)) }
        let bytes: [UInt8]
        switch body {
        case .json(let json):
            if !headers.contains(where: { $0.hasName("Content-Type") }) {
                headers.insert(HTTPField(name: "Content-Type", value: "application/json; charset=UTF-8"), at: 0)
            }
            bytes = JSONWriter.bytes(Self.fill(json, values))
        case .text(let text):
            bytes = Array(Self.fill(text, values).utf8)
        }
        return Response(status: status, headers: headers, body: bytes)
    }

    static func fill(_ json: JSONValue, _ values: [String: String]) -> JSONValue {
        switch json {
        case .string(let text): .string(fill(text, values))
        case .array(let elements): .array(elements.map { fill($0, values) })
        case .object(let members): .object(members.mapValues { fill($0, values) })
        default: json
        }
    }

    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            result += values[name] ?? ""
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The placeholder names `text` uses, for checking a pack when it loads.
    static func placeholderNames(in json: JSONValue) -> [String] {
        switch json {
        case .string(let text): placeholderNames(in: text)
        case .array(let elements): elements.flatMap(placeholderNames)
        case .object(let members): members.values.flatMap(placeholderNames)
        default: []
        }
    }

    static func placeholderNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            names.append(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return names
    }
}
