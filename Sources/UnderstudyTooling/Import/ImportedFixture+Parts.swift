import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The pieces of a fixture that come from the recorded request and response headers.
extension ImportedFixture {
    /// The `request.query` conditions and their part of the request key: decoded values,
    /// `{"present": true}` for a secret (unless `rules` keep its plainly fake value).
    static func queryConditions(_ query: QueryParameters, rules: Scrubbing) -> (conditions: [String: JSONValue], key: String) {
        var conditions: [String: JSONValue] = [:]
        var key = ""
        for (name, values) in query.valuesByName.sorted(by: { $0.key < $1.key }) {
            key += "\u{1E}" + name + "\u{1F}"
            if rules.isSecretParameter(name) && !values.allSatisfy(rules.keeps) {
                conditions[name] = ["present": true]
                key += "\u{0}present"
            } else {
                conditions[name] = values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))
                key += values.joined(separator: "\u{1F}")
            }
        }
        return (conditions, key)
    }

    /// The response headers to keep, grouped case-insensitively under the first spelling seen;
    /// a repeated header becomes an array. No name or value keeps a line break (the loader
    /// refuses them): a value is split at them, a name holding one is dropped. Adds `content-type` from `content.mimeType` when the
    /// recording had a body but no such header.
    static func responseHeaders(_ fields: [HeaderField], mimeType: String?, hasBody: Bool, secrets: [Secret], rules: Scrubbing) -> [String: JSONValue] {
        var order: [String] = []
        var spelling: [String: String] = [:]
        var values: [String: [String]] = [:]
        for field in fields {
            guard !field.name.isEmpty, !field.name.lowercased().hasPrefix(":"),
                !droppedResponseHeaders.contains(field.name.lowercased()), !rules.isSecretHeader(field.name)
            else { continue }
            // A line break cannot be sent in a header: in a name the header is dropped; in a value
            // it joins repeated values (as some HAR exporters write Set-Cookie), so it splits them.
            guard !field.name.contains(where: \.isNewline) else { continue }
            // A credential in a name (`X-Seen-<token>: 1`) is scrubbed as in a value, not dropped
            // with its header: the placeholder is a valid name, the header a client may look for
            // stays, and it reads the same placeholder the body and values carry.
            let name = BodyScrubber.scrubName(field.name, secrets: secrets, rules: rules)
            let lowercased = name.lowercased()
            let lines = field.value.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !lines.isEmpty || field.value.isEmpty else { continue }
            if spelling[lowercased] == nil {
                spelling[lowercased] = name
                order.append(lowercased)
            }
            for line in field.value.isEmpty ? [""] : lines {
                var value = BodyScrubber.scrub(line, secrets: secrets, rules: rules)
                if lowercased == "location" || lowercased == "content-location" { value = Redaction.target(value) }
                values[lowercased, default: []].append(value)
            }
        }
        var headers: [String: JSONValue] = [:]
        for name in order {
            let recorded = values[name]!
            headers[spelling[name]!] = recorded.count == 1 ? .string(recorded[0]) : .array(recorded.map(JSONValue.string))
        }
        if hasBody, spelling["content-type"] == nil, let mimeType, !mimeType.isEmpty, mimeType != "x-unknown" {
            headers["content-type"] = .string(mimeType)
        }
        return headers
    }

    /// Every credential in the request, as sent and decoded: values of secret query parameters,
    /// the token of credential headers (`Bearer <token>`) and the whole value, cookie values.
    /// Longest first, so a credential containing another is replaced whole.
    static func requestSecrets(rawQuery: String, headers: [HeaderField], rules: Scrubbing) -> [Secret] {
        var secrets: [Secret] = []
        for component in rawQuery.split(separator: "&") {
            guard let equals = component.firstIndex(of: "=") else { continue }
            let name = PercentDecoding.decode(component[..<equals], plusAsSpace: true)
            guard rules.isSecretParameter(name) else { continue }
            let raw = component[component.index(after: equals)...]
            secrets.append(Secret(name: name, value: String(raw)))
            secrets.append(Secret(name: name, value: PercentDecoding.decode(raw, plusAsSpace: true)))
        }
        for field in headers where rules.isSecretHeader(field.name) {
            let name = field.name.lowercased()
            let value = field.value.trimmingCharacters(in: .whitespaces)
            if name == "cookie" {
                for cookie in value.split(separator: ";") {
                    if let equals = cookie.firstIndex(of: "=") { secrets.append(Secret(name: name, value: String(cookie[cookie.index(after: equals)...]))) }
                }
                continue
            }
            secrets.append(Secret(name: name, value: value))
            if let space = value.lastIndex(of: " ") { secrets.append(Secret(name: name, value: String(value[value.index(after: space)...]))) }
        }
        return ordered(secrets)
    }

    /// `secrets` worth searching for, each value once (its first name wins), longest first.
    static func ordered(_ secrets: [Secret]) -> [Secret] {
        var seen: Set<String> = []
        return secrets.filter { $0.value.utf8.count >= BodyScrubber.minimumSecretLength && seen.insert($0.value).inserted }
            .sorted { ($0.value.utf8.count, $0.value) > ($1.value.utf8.count, $1.value) }
    }

    /// The body file extension for a media type (`application/json; charset=utf-8` → `json`).
    static func bodyFileExtension(forMediaType mediaType: String) -> String {
        let essence = mediaType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch essence {
        case "application/json", "text/json": return "json"
        case _ where essence.hasSuffix("+json"): return "json"
        case "image/png": return "png"
        case "image/jpeg", "image/jpg", "image/pjpeg": return "jpg"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/svg+xml": return "svg"
        case "text/html": return "html"
        case "application/xml", "text/xml": return "xml"
        case _ where essence.hasPrefix("text/"): return "txt"
        default: return "bin"
        }
    }
}
