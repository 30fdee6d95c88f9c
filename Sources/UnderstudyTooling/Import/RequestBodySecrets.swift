import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The credentials in a request body, for every body kind the providers accept, and the body
/// condition a fixture may keep: a form (`application/x-www-form-urlencoded`), JSON, or
/// `multipart/form-data`. A body that is none of these (`text/plain`, JSON with a duplicate
/// member) cannot be scrubbed field by field: when it mentions a credential it is refused, so
/// it is never written verbatim.
enum RequestBodySecrets {
    /// What a body gives a fixture.
    enum Reading: Sendable {
        /// The body condition (`nil` for none) and the credentials the body carries.
        case read(condition: JSONValue?, secrets: [Secret])
        /// The body holds a credential that cannot be told apart from the rest: the reason.
        case unscrubbable(reason: String)
    }

    /// Reads `body`, sent with `contentType`, by `rules`. `knownSecrets` (the target's and
    /// headers' credentials) keep a text body that repeats one out of the conditions.
    static func read(_ body: [UInt8], contentType: String, rules: Scrubbing, knownSecrets: [Secret]) -> Reading {
        guard !body.isEmpty else { return .read(condition: nil, secrets: []) }
        let mediaType = contentType.lowercased()
        if mediaType.hasPrefix("application/x-www-form-urlencoded") {
            let text = String(decoding: body, as: UTF8.self)
            let found = ImportedFixture.requestSecrets(rawQuery: text, headers: [], rules: rules)
            return .read(condition: found.contains { !rules.keeps($0.value) } ? nil : ["text": .string(text)], secrets: found)
        }
        if mediaType.hasPrefix("multipart/form-data") {
            guard let fields = MultipartFields.parse(body, contentType: contentType) else {
                return .unscrubbable(reason: "the request's multipart/form-data body does not follow its boundary, so its fields cannot be told apart")
            }
            // No condition: clients pick a new boundary for every request.
            let found = fields.filter { rules.isSecretParameter($0.name) || rules.isSecretMember($0.name) }
                .map { Secret(name: $0.name, value: $0.value) }
            return .read(condition: nil, secrets: found)
        }
        if let json = try? JSONParser.parse(body) {
            var found: [Secret] = []
            let stripped = strip(json, rules: rules, found: &found)
            return .read(condition: stripped == json ? ["json": json] : ["jsonSubset": stripped], secrets: found)
        }
        guard let text = String(bytes: body, encoding: .utf8) else { return .read(condition: nil, secrets: []) }
        if let name = mentionedCredential(in: text, rules: rules) {
            let kind = mediaType.split(separator: ";").first.map(String.init) ?? "untyped"
            return .unscrubbable(reason: "the request's \(kind.isEmpty ? "untyped" : kind) body holds \(name) where it cannot be scrubbed field by field "
                + "(send it as a form, valid JSON without duplicate members, or multipart/form-data)")
        }
        if knownSecrets.contains(where: { text.contains($0.value) }) { return .read(condition: nil, secrets: []) }
        return .read(condition: ["text": .string(text)], secrets: [])
    }

    /// The first credential a free-form text holds: a secret name followed by `=` or `:` (as in
    /// a form, JSON or a header line), or a well-known credential shape.
    static func mentionedCredential(in text: String, rules: Scrubbing) -> String? {
        CredentialShapes.mentioned(in: text, names: rules.queryNames.union(rules.jsonMembers).union(rules.headerNames))
    }

    /// `value` without members whose names are secret, as members or as form fields (unless
    /// their values are plainly fake).
    static func strip(_ value: JSONValue, rules: Scrubbing, found: inout [Secret]) -> JSONValue {
        switch value {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (name, member) in members {
                if rules.isSecretMember(name) || rules.isSecretParameter(name), case .string(let text) = member, !rules.keeps(text) {
                    found.append(Secret(name: name, value: text))
                } else {
                    kept[name] = strip(member, rules: rules, found: &found)
                }
            }
            return .object(kept)
        case .array(let elements):
            return .array(elements.map { strip($0, rules: rules, found: &found) })
        default:
            return value
        }
    }
}
