import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// Reads one provider pack (an OpenAPI 3.1 document with `x-understudy`) into a
/// `ProviderPack`, collecting every problem with its JSON path.
package struct PackDecoder: DocumentReading {
    /// The file relative to the contracts folder, e.g. `yelp.openapi.json`.
    package let file: String
    package var problems: [FixtureProblem] = []
    package var allowsExtensions: Bool { true }
    /// The whole document: local `$ref`s resolve against it.
    package private(set) var document: JSONValue = .null
    /// The pack's boolean spellings, read before the parameters that use them.
    package var booleans = BooleanSpellings.standard

    package init(file: String) {
        self.file = file
    }

    package static let packKeys: Set<String> = [
        "provider", "upstream", "basePath", "routes", "pathVersion", "credential", "secrets", "errors", "messages",
        "invalidRequest", "behaviours", "booleans", "times", "fallback", "methodNotAllowed", "billing",
    ]

    package mutating func decode(_ bytes: [UInt8]) -> ProviderPack? {
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            problems.append(FixtureProblem(file: file, position: (error.line, error.column), message: "invalid JSON: \(error.message)"))
            return nil
        }
        guard let root = object(document, at: .root) else { return nil }
        if let version = root["openapi"]?.stringValue {
            if !version.hasPrefix("3.1") { report(JSONPath.root.appending("openapi"), "Understudy reads OpenAPI 3.1 documents; this one is \(version)") }
        } else {
            report(.root, "missing \"openapi\": \"3.1.0\"")
        }
        let packPath = JSONPath.root.appending("x-understudy")
        guard let packValue = root["x-understudy"] else {
            report(.root, "missing \"x-understudy\": the provider, its routes and its errors (see docs/contracts.md)")
            return nil
        }
        guard let pack = object(packValue, at: packPath) else { return nil }
        checkKeys(pack, allowed: Self.packKeys, at: packPath)

        let provider = requiredString(pack, "provider", at: packPath) ?? ""
        let expectedName = file.split(separator: "/").last.map { String($0.prefix { $0 != "." }) }
        if !provider.isEmpty, let expectedName, expectedName != provider {
            report(packPath.appending("provider"), "provider \"\(provider)\" does not match the file name \(file); name the file \(provider).openapi.json")
        }
        let upstream = pack["upstream"].flatMap { string($0, at: packPath.appending("upstream")) }
        let basePath = pack["basePath"].flatMap { string($0, at: packPath.appending("basePath")) } ?? ""
        let routes = pack["routes"].flatMap { strings($0, at: packPath.appending("routes")) } ?? []
        if routes.isEmpty { report(packPath, "missing \"routes\": the path prefixes this provider answers, e.g. [\"/v3/\"]") }
        var pathVersion: RegexPattern?
        if let value = pack["pathVersion"], value != .null {
            pathVersion = regex(value, at: packPath.appending("pathVersion"))
        }
        let secrets = decodeSecrets(pack["secrets"], at: packPath.appending("secrets"))
        let answers = decodeAnswers(pack["errors"], at: packPath.appending("errors"))
        let messages = decodeMessages(pack["messages"], at: packPath.appending("messages"))
        let invalidRequest = pack["invalidRequest"].flatMap { string($0, at: packPath.appending("invalidRequest")) }
        let methodNotAllowed = pack["methodNotAllowed"].flatMap { string($0, at: packPath.appending("methodNotAllowed")) }
        let credential = pack["credential"].flatMap { $0 == .null ? nil : decodeCredential($0, at: packPath.appending("credential")) }
        let behaviours = pack["behaviours"].map { decodeBehaviours($0, at: packPath.appending("behaviours")) } ?? PackBehaviours()
        var fallback = pack["fallback"].map { decodeFallback($0, at: packPath.appending("fallback")) } ?? PackFallback()
        fallback.pathParameterPatterns = pathParameterPatterns(root)

        if let value = pack["booleans"] { booleans = decodeBooleans(value, at: packPath.appending("booleans")) }
        let operations = decodePaths(root, behaviours: behaviours)
        let times = pack["times"].map { decodeTimes($0, at: packPath.appending("times")) } ?? PackTimes()
        checkReferences(
            operations: operations, routes: routes, answers: answers, invalidRequest: invalidRequest,
            credential: credential, behaviours: behaviours)
        let ids = Set(operations.map(\.id))
        for (index, entry) in times.entries.enumerated() {
            for operation in entry.operations.sorted() where !ids.contains(operation) {
                report(packPath.appending("times").appending(index: index).appending("operations"), "no operation with operationId \"\(operation)\"")
            }
        }
        let billing = pack["billing"].flatMap { decodeBilling($0, at: packPath.appending("billing"), operations: operations) }
        if let methodNotAllowed, answers[methodNotAllowed] == nil {
            report(packPath.appending("methodNotAllowed"), "no answer named \"\(methodNotAllowed)\" in x-understudy.errors")
        }

        guard problems.isEmpty else { return nil }
        return ProviderPack(
            provider: provider, file: file, upstream: upstream, basePath: basePath, routes: routes, secrets: secrets,
            pathVersion: pathVersion, operations: operations, credential: credential, answers: answers, messages: messages,
            invalidRequest: invalidRequest, behaviours: behaviours, times: times, fallback: fallback, document: document,
            methodNotAllowed: methodNotAllowed, billing: billing)
    }

    // MARK: x-understudy members

    private mutating func decodeSecrets(_ value: JSONValue?, at path: JSONPath) -> SecretNames {
        guard let value, let members = object(value, at: path) else { return SecretNames() }
        checkKeys(members, allowed: ["query", "headers", "json"], at: path)
        func names(_ key: String) -> Set<String> { Set(members[key].flatMap { strings($0, at: path.appending(key)) } ?? []) }
        return SecretNames(query: names("query"), headers: names("headers"), json: names("json"))
    }

    private mutating func decodeAnswers(_ value: JSONValue?, at path: JSONPath) -> [String: PackAnswer] {
        guard let value, let members = object(value, at: path) else { return [:] }
        var answers: [String: PackAnswer] = [:]
        for (name, answer) in members.sorted(by: { $0.key < $1.key }) {
            if let decoded = decodeAnswer(answer, at: path.appending(name)) { answers[name] = decoded }
        }
        return answers
    }

    package mutating func decodeAnswer(_ value: JSONValue, at path: JSONPath) -> PackAnswer? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["status", "headers", "json", "text"], at: path)
        guard let statusValue = members["status"] else {
            report(path, "missing \"status\"")
            return nil
        }
        guard let status = int(statusValue, at: path.appending("status")) else { return nil }
        if !(100...599).contains(status) { report(path.appending("status"), "status \(status) is not an HTTP status (100–599)") }
        var headers: [HeaderField] = []
        if let headerValue = members["headers"], let headerMembers = object(headerValue, at: path.appending("headers")) {
            for (name, value) in headerMembers.sorted(by: { $0.key < $1.key }) {
                if let text = string(value, at: path.appending("headers").appending(name)) { headers.append(HeaderField(name: name, value: text)) }
            }
        }
        let body: PackAnswer.Body
        switch (members["json"], members["text"]) {
        case (let json?, nil):
            body = .json(json)
            checkPlaceholders(PackAnswer.placeholderNames(in: json), at: path.appending("json"))
        case (nil, let text?):
            guard let text = string(text, at: path.appending("text")) else { return nil }
            body = .text(text)
            checkPlaceholders(PackAnswer.placeholderNames(in: text), at: path.appending("text"))
        default:
            report(path, "give the body as exactly one of \"json\" or \"text\"")
            return nil
        }
        checkPlaceholders(headers.flatMap { PackAnswer.placeholderNames(in: $0.value) }, at: path.appending("headers"))
        return PackAnswer(status: status, headers: headers, body: body)
    }

    package mutating func checkPlaceholders(_ names: [String], at path: JSONPath) {
        for name in names where !PackAnswer.placeholders.contains(name) {
            report(path, "unknown placeholder {{\(name)}}; known: \(PackAnswer.placeholders.sorted().joined(separator: ", "))")
        }
    }

    private mutating func decodeBooleans(_ value: JSONValue, at path: JSONPath) -> BooleanSpellings {
        guard let members = object(value, at: path) else { return .standard }
        checkKeys(members, allowed: ["true", "false"], at: path)
        let trueTexts = Set(members["true"].flatMap { strings($0, at: path.appending("true")) } ?? ["true"])
        let falseTexts = Set(members["false"].flatMap { strings($0, at: path.appending("false")) } ?? ["false"])
        for text in trueTexts.intersection(falseTexts).sorted() { report(path, "\"\(text)\" is listed as both true and false") }
        return BooleanSpellings(trueTexts: trueTexts, falseTexts: falseTexts)
    }

    private mutating func decodeMessages(_ value: JSONValue?, at path: JSONPath) -> (missing: String?, invalid: String?) {
        guard let value, let members = object(value, at: path) else { return (nil, nil) }
        checkKeys(members, allowed: ["missing", "invalid"], at: path)
        let missing = members["missing"].flatMap { string($0, at: path.appending("missing")) }
        let invalid = members["invalid"].flatMap { string($0, at: path.appending("invalid")) }
        for (key, text) in [("missing", missing), ("invalid", invalid)] {
            if let text { checkPlaceholders(PackAnswer.placeholderNames(in: text), at: path.appending(key)) }
        }
        return (missing, invalid)
    }

    private mutating func decodeFallback(_ value: JSONValue, at path: JSONPath) -> PackFallback {
        var fallback = PackFallback()
        guard let members = object(value, at: path) else { return fallback }
        checkKeys(members, allowed: ["mode", "success", "pages"], at: path)
        if let mode = members["mode"], let text = string(mode, at: path.appending("mode")) {
            fallback.mode = Fallback(rawValue: text)
            if fallback.mode == nil { report(path.appending("mode"), "\"\(text)\" is not a fallback; use \(Fallback.allCases.map { "\"\($0)\"" }.joined(separator: " or "))") }
        }
        if let success = members["success"], let pointers = object(success, at: path.appending("success")) {
            for (pointer, value) in pointers.sorted(by: { $0.key < $1.key }) {
                guard pointer.hasPrefix("/") else {
                    report(path.appending("success").appending(pointer), "a JSON pointer into the body starts with \"/\" (\"/status\")")
                    continue
                }
                fallback.success.append((pointer, value))
            }
        }
        if let pages = members["pages"], let count = int(pages, at: path.appending("pages")) {
            if count < 1 { report(path.appending("pages"), "pages must be at least 1") } else { fallback.pages = count }
        }
        return fallback
    }

    /// The patterns of the path parameters that declare one, by name (the first wins).
    private func pathParameterPatterns(_ root: [String: JSONValue]) -> [String: String] {
        var patterns: [String: String] = [:]
        for (_, item) in (root["paths"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            let item = dereferenced(item)
            let lists = [item["parameters"]] + Self.methods.map { item[$0]?["parameters"] }
            for parameter in lists.compactMap({ $0?.arrayValue }).joined().map(dereferenced) where parameter["in"] == "path" {
                guard let name = parameter["name"]?.stringValue, patterns[name] == nil,
                    let pattern = parameter["schema"].map(dereferenced)?["pattern"]?.stringValue else { continue }
                patterns[name] = pattern
            }
        }
        return patterns
    }

    private mutating func decodeCredential(_ value: JSONValue, at path: JSONPath) -> CredentialRule? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["pattern", "rejected", "canonical", "missing", "invalid"], at: path)
        let pattern = members["pattern"].flatMap { regex($0, at: path.appending("pattern")) }
        let rejected = members["rejected"].flatMap { strings($0, at: path.appending("rejected")) } ?? []
        let canonical = members["canonical"].flatMap { strings($0, at: path.appending("canonical")) } ?? []
        for (index, value) in canonical.enumerated() where !FakeCredentials.isNamedAsFake(value) {
            report(path.appending("canonical").appending(index: index), "a canonical credential must be plainly fake (contain FAKE or Understudy), so no real one is written as canonical")
        }
        guard let missing = requiredString(members, "missing", at: path), let invalid = requiredString(members, "invalid", at: path) else { return nil }
        return CredentialRule(pattern: pattern, rejected: Set(rejected), canonical: canonical, missing: missing, invalid: invalid)
    }

    // MARK: cross-checks

    private mutating func checkReferences(
        operations: [ContractOperation], routes: [String], answers: [String: PackAnswer],
        invalidRequest: String?, credential: CredentialRule?, behaviours: PackBehaviours
    ) {
        let packPath = JSONPath.root.appending("x-understudy")
        let ids = Set(operations.map(\.id))
        func known(_ name: String, _ path: JSONPath, operations scope: [ContractOperation] = []) {
            if answers[name] == nil && !scope.contains(where: { $0.answers[name] != nil }) {
                let known = answers.isEmpty ? "there are none" : "known: " + answers.keys.sorted().joined(separator: ", ")
                report(path, "no answer named \"\(name)\" in x-understudy.errors; \(known)")
            }
        }
        if let invalidRequest { known(invalidRequest, packPath.appending("invalidRequest")) }
        if let credential {
            known(credential.missing, packPath.appending("credential").appending("missing"))
            known(credential.invalid, packPath.appending("credential").appending("invalid"))
        } else if operations.contains(where: { $0.credential != nil }) {
            report(packPath, "operations require a credential (security) but x-understudy has no \"credential\" saying how to judge one")
        }
        for (operation, member) in behaviours.namedOperations where !ids.contains(operation) {
            report(packPath.appending("behaviours").appending(member), "no operation with operationId \"\(operation)\"")
        }
        if let quota = behaviours.quota { known(quota.exceeded, packPath.appending("behaviours").appending("quota")) }
        if let pageTokens = behaviours.pageTokens {
            for name in [pageTokens.tooEarly] + (pageTokens.unknown.map { [$0] } ?? []) {
                known(name, packPath.appending("behaviours").appending("pageTokens"), operations: operations)
            }
        }
        if let tokenExpiry = behaviours.tokenExpiry {
            known(tokenExpiry.expired, packPath.appending("behaviours").appending("tokenExpiry"))
            if let revocation = tokenExpiry.revocation { known(revocation.revoked, packPath.appending("behaviours").appending("tokenExpiry").appending("revocation")) }
        }
        if let proof = behaviours.appSecretProof {
            for name in [proof.invalid, proof.missing] { known(name, packPath.appending("behaviours").appending("appSecretProof")) }
        }
        if let dialog = behaviours.authorizationDialog {
            let dialogPath = packPath.appending("behaviours").appending("authorizationDialog").appending("exchange")
            for name in dialog.exchange.answers { known(name, dialogPath, operations: operations) }
            if dialog.idToken != nil, behaviours.openIDConnect == nil {
                report(
                    packPath.appending("behaviours").appending("authorizationDialog").appending("idToken"),
                    "a dialog that sends ID tokens needs behaviours.openIDConnect in the same pack to mint them")
            }
        }
        if let uninstall = behaviours.openIDConnect?.uninstall {
            let scope = operations.filter { $0.id == uninstall.operation }
            for name in uninstall.answerNames { known(name, packPath.appending("behaviours").appending("openIDConnect").appending("uninstall"), operations: scope) }
        }
        if let masks = behaviours.fieldMask {
            for name in [masks.missing, masks.unknownPath] { known(name, packPath.appending("behaviours").appending("fieldMask"), operations: operations) }
            for operation in operations where masks.operations[operation.id] != nil && operation.maskFields == nil {
                report(
                    packPath.appending("behaviours").appending("fieldMask").appending("operations").appending(operation.id),
                    "\(operation.id) takes a field mask, but declares no application/json schema for its 200 answer to check mask paths against")
            }
        }
        for operation in operations {
            let pathItem = JSONPath.root.appending("paths").appending(operation.path.text)
            for rule in operation.rules {
                if let error = rule.error { known(error, pathItem.appending(operation.method.lowercased()).appending("x-understudy-rules"), operations: [operation]) }
            }
            var probe = operation.path.text
            if probe.contains("{") { probe = operation.path.segments.map { if case .literal(let l) = $0 { l } else { "x" } }.reduce("") { $0 + "/" + $1 } }
            let fits = routes.contains { ProviderPack.route($0, holds: probe) }
            if !fits { report(pathItem, "path is under none of x-understudy.routes (\(routes.joined(separator: ", "))), so no request would reach it") }
        }
    }

    // MARK: small readers

    package mutating func requiredString(_ members: [String: JSONValue], _ key: String, at path: JSONPath) -> String? {
        guard let value = members[key] else {
            report(path, "missing \"\(key)\"")
            return nil
        }
        return string(value, at: path.appending(key))
    }

    package mutating func regex(_ value: JSONValue, at path: JSONPath) -> RegexPattern? {
        guard let source = string(value, at: path) else { return nil }
        do { return try RegexPattern(source) } catch {
            report(path, "invalid regular expression \"\(source)\"")
            return nil
        }
    }

    /// Members other than `x-…` extensions, which any OpenAPI object may carry.
    package static func withoutExtensions(_ members: [String: JSONValue]) -> [String: JSONValue] {
        members.filter { !$0.key.hasPrefix("x-") }
    }
}
