import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Reading the OpenAPI part of a pack: paths, operations, parameters, security, responses.
extension PackDecoder {
    package static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    package mutating func decodePaths(_ root: [String: JSONValue], behaviours: PackBehaviours = PackBehaviours()) -> [ContractOperation] {
        let schemes = decodeSecuritySchemes(root)
        let defaultCredential = root["security"].flatMap { credential(from: $0, schemes: schemes, at: JSONPath.root.appending("security")) } ?? nil
        guard let pathsValue = root["paths"], let paths = object(pathsValue, at: JSONPath.root.appending("paths")) else {
            report(.root, "missing \"paths\"")
            return []
        }
        var operations: [ContractOperation] = []
        var ids: Set<String> = []
        for (text, itemValue) in paths.sorted(by: { $0.key < $1.key }) {
            let itemPath = JSONPath.root.appending("paths").appending(text)
            let contractPath: ContractPath
            switch ContractPath.parse(text) {
            case .success(let parsed): contractPath = parsed
            case .failure(let error):
                report(itemPath, "invalid path template: \(error.reason)")
                continue
            }
            guard let item = object(resolved(itemValue, at: itemPath).value, at: itemPath) else { continue }
            let shared = item["parameters"].map { decodeParameters($0, at: itemPath.appending("parameters"), pointer: pointer(itemPath) + "/parameters") } ?? []
            for method in Self.methods {
                guard let operationValue = item[method] else { continue }
                let operationPath = itemPath.appending(method)
                guard let operation = object(operationValue, at: operationPath) else { continue }
                guard let id = requiredString(operation, "operationId", at: operationPath) else { continue }
                if !ids.insert(id).inserted { report(operationPath.appending("operationId"), "operationId \"\(id)\" is used twice") }
                var parameters = shared
                if let own = operation["parameters"] {
                    for parameter in decodeParameters(own, at: operationPath.appending("parameters"), pointer: pointer(operationPath) + "/parameters") {
                        parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                        parameters.append(parameter)
                    }
                }
                for (index, parameter) in parameters.enumerated() {
                    guard let target = parameter.aliasOf else { continue }
                    if parameter.location != .query || !parameters.contains(where: { $0.location == .query && $0.name == target && $0.aliasOf == nil }) {
                        report(
                            operationPath.appending("parameters"),
                            "parameter \(parameter.name) (#\(index)) says x-understudy-aliasOf \"\(target)\", which is not a query parameter of \(id) (aliases are query parameters)")
                    }
                }
                for name in contractPath.parameterNames where !parameters.contains(where: { $0.location == .path && $0.name == name }) {
                    report(operationPath, "path placeholder {\(name)} has no parameter with \"in\": \"path\"")
                }
                let credential: CredentialPlacement? =
                    if let security = operation["security"] {
                        self.credential(from: security, schemes: schemes, at: operationPath.appending("security")) ?? nil
                    } else { defaultCredential }
                let responses = decodeResponses(operation["responses"], at: operationPath.appending("responses"))
                let rules = operation["x-understudy-rules"].map { decodeRules($0, at: operationPath.appending("x-understudy-rules")) } ?? []
                var answers: [String: PackAnswer] = [:]
                if let value = operation["x-understudy-errors"], let members = object(value, at: operationPath.appending("x-understudy-errors")) {
                    for (name, answer) in members.sorted(by: { $0.key < $1.key }) {
                        if let decoded = decodeAnswer(answer, at: operationPath.appending("x-understudy-errors").appending(name)) { answers[name] = decoded }
                    }
                }
                let requestBody = operation["requestBody"].flatMap { decodeRequestBody($0, at: operationPath.appending("requestBody")) }
                let maskFields = behaviours.fieldMask?.operations[id] == nil
                    ? nil : responses["200"]?.schemaSources["application/json"].map { MaskFields(schema: $0, document: document) }
                let ignoreOthersWhen = operation["x-understudy-ignoreOthersWhen"].flatMap { string($0, at: operationPath.appending("x-understudy-ignoreOthersWhen")) }
                let completeAnswer = operation["x-understudy-completeAnswer"].flatMap {
                    decodeCompleteAnswer($0, at: operationPath.appending("x-understudy-completeAnswer"))
                }
                operations.append(
                    ContractOperation(
                        id: id, method: method.uppercased(), path: contractPath, parameters: parameters, credential: credential,
                        responses: responses, rules: rules, answers: answers, ignoreOthersWhen: ignoreOthersWhen,
                        server: Self.serverURL(operation["servers"]) ?? Self.serverURL(item["servers"]),
                        behaviours: OperationBehaviours(operation: id, in: behaviours), requestBody: requestBody, maskFields: maskFields,
                        completeAnswer: completeAnswer))
            }
        }
        return operations
    }

    /// A media type object's `example`, or the values of its `examples` (in name order).
    package static func examples(of media: JSONValue, dereferenced: (JSONValue) -> JSONValue) -> [JSONValue] {
        if let example = media["example"] { return [example] }
        let named = media["examples"]?.objectValue ?? [:]
        return named.keys.sorted().compactMap { dereferenced(named[$0]!)["value"] }
    }

    /// The first `url` of an OpenAPI `servers` array, if there is one.
    package static func serverURL(_ servers: JSONValue?) -> String? {
        servers?.arrayValue?.first?["url"]?.stringValue
    }

    /// An operation's `requestBody`: the schema of its `application/json` content, which
    /// requests are checked against; `nil` for a body of another kind.
    private mutating func decodeRequestBody(_ value: JSONValue, at path: JSONPath) -> ContractOperation.RequestBody? {
        let (resolvedValue, resolvedPointer) = resolved(value, at: path, pointer: pointer(path))
        guard let body = object(resolvedValue, at: path), let schemaValue = body["content"]?["application/json"]?["schema"] else { return nil }
        let schemaPointer = resolvedPointer + "/content/application~1json/schema"
        guard let schema = compileSchema(schemaValue, pointer: schemaPointer, at: path.appending("content").appending("application/json").appending("schema")) else {
            return nil
        }
        return ContractOperation.RequestBody(
            schema: schema, required: body["required"] == .bool(true), enums: BodyEnums.read(schema: schemaValue, document: document))
    }

    /// `x-understudy-completeAnswer`: `{"without": "fields", "members": ["/result/address_components"], "source": …}`.
    private mutating func decodeCompleteAnswer(_ value: JSONValue, at path: JSONPath) -> (parameter: String, members: [String])? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["without", "members", "source"], at: path)
        guard let parameter = requiredString(members, "without", at: path), let listed = members["members"].flatMap({ strings($0, at: path.appending("members")) })
        else {
            if members["members"] == nil { report(path, "missing \"members\": the JSON pointers a whole answer holds") }
            return nil
        }
        for pointer in listed where !pointer.hasPrefix("/") { report(path.appending("members"), "\"\(pointer)\" is not a JSON pointer (it must start with /)") }
        return (parameter, listed)
    }

    // MARK: security

    private mutating func decodeSecuritySchemes(_ root: [String: JSONValue]) -> [String: CredentialPlacement] {
        let path = JSONPath.root.appending("components").appending("securitySchemes")
        guard let value = root["components"]?["securitySchemes"], let members = object(value, at: path) else { return [:] }
        var schemes: [String: CredentialPlacement] = [:]
        for (name, schemeValue) in members {
            guard let scheme = object(schemeValue, at: path.appending(name)) else { continue }
            switch (scheme["type"]?.stringValue, scheme["in"]?.stringValue, scheme["scheme"]?.stringValue?.lowercased()) {
            case ("http", _, "bearer"): schemes[name] = .bearer
            case ("apiKey", "query", _): scheme["name"]?.stringValue.map { schemes[name] = .query($0) }
            case ("apiKey", "header", _): scheme["name"]?.stringValue.map { schemes[name] = .header($0) }
            default:
                report(path.appending(name), "Understudy understands apiKey schemes in query or header, and http bearer")
            }
        }
        return schemes
    }

    /// The placement an OpenAPI `security` array asks for: `.some(nil)` for none (`[]` or `[{}]`).
    private mutating func credential(from value: JSONValue, schemes: [String: CredentialPlacement], at path: JSONPath) -> CredentialPlacement?? {
        guard let requirements = array(value, at: path) else { return nil }
        guard let first = requirements.first, let names = first.objectValue, names.keys.first != nil else { return .some(nil) }
        // Each requirement an alternative (its first scheme: Understudy judges one credential).
        var placements: [CredentialPlacement] = []
        for (index, requirement) in requirements.enumerated() {
            guard let name = requirement.objectValue?.keys.sorted().first else { continue }
            guard let placement = schemes[name] else {
                report(path.appending(index: index).appending(name), "no security scheme \"\(name)\" in components.securitySchemes")
                return nil
            }
            placements.append(placement)
        }
        return .some(placements.count == 1 ? placements[0] : .anyOf(placements))
    }

    // MARK: parameters

    private mutating func decodeParameters(_ value: JSONValue, at path: JSONPath, pointer basePointer: String) -> [ContractParameter] {
        guard let elements = array(value, at: path) else { return [] }
        var parameters: [ContractParameter] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            let (resolvedValue, resolvedPointer) = resolved(element, at: elementPath, pointer: basePointer + "/\(index)")
            guard let members = object(resolvedValue, at: elementPath) else { continue }
            guard let name = requiredString(members, "name", at: elementPath), let locationName = requiredString(members, "in", at: elementPath) else { continue }
            guard let location = ContractParameter.Location(rawValue: locationName) else {
                if locationName != "cookie" { report(elementPath.appending("in"), "\"in\" must be query, path or header") }
                continue
            }
            let required = location == .path || members["required"] == .bool(true)
            var schema: JSONSchema?
            var types: [String] = ["string"]
            var list: (separator: String?, itemTypes: [String])?
            var defaultValue: JSONValue?
            if let schemaValue = members["schema"] {
                schema = compileSchema(schemaValue, pointer: resolvedPointer + "/schema", at: elementPath.appending("schema"))
                let target = dereferenced(schemaValue)
                types = ContractParameter.conversionOrder(Self.types(of: target))
                defaultValue = target["default"]
                if types.contains("array") {
                    let separator = members["x-understudy-separator"]?.stringValue ?? (members["explode"] == .bool(false) ? "," : nil)
                    list = (separator, ContractParameter.conversionOrder(Self.types(of: dereferenced(target["items"] ?? .object([:])))))
                }
            }
            let message = members["x-understudy-message"].flatMap { string($0, at: elementPath.appending("x-understudy-message")) }
            if let message { checkPlaceholders(PackAnswer.placeholderNames(in: message), at: elementPath.appending("x-understudy-message")) }
            let aliasOf = members["x-understudy-aliasOf"].flatMap { string($0, at: elementPath.appending("x-understudy-aliasOf")) }
            let ignoredValues = members["x-understudy-ignoredValues"].map {
                Set(strings($0, at: elementPath.appending("x-understudy-ignoredValues")) ?? [])
            }
            parameters.append(
                ContractParameter(
                    name: name, location: location, required: required, schema: schema, types: types, list: list,
                    defaultValue: defaultValue, message: message, aliasOf: aliasOf, booleans: booleans, ignoredValues: ignoredValues ?? []))
        }
        return parameters
    }

    package static func types(of schema: JSONValue) -> [String] {
        switch schema["type"] {
        case .string(let type)?: [type]
        case .array(let types)?: types.compactMap(\.stringValue)
        default: ["string"]
        }
    }

    // MARK: responses

    private mutating func decodeResponses(_ value: JSONValue?, at path: JSONPath) -> [String: ContractResponse] {
        guard let value else {
            report(path, "missing \"responses\"")
            return [:]
        }
        guard let members = object(value, at: path) else { return [:] }
        var responses: [String: ContractResponse] = [:]
        for (status, responseValue) in Self.withoutExtensions(members) {
            let responsePath = path.appending(status)
            let valid = status == "default" || (status.count == 3 && status.first.map { "12345".contains($0) } == true
                && (Int(status) != nil || status.hasSuffix("XX")))
            if !valid { report(responsePath, "response key must be a status (200), a class (4XX) or default") }
            let (resolvedValue, resolvedPointer) = resolved(responseValue, at: responsePath, pointer: pointer(responsePath))
            guard let response = object(resolvedValue, at: responsePath) else { continue }
            var schemas: [String: JSONSchema] = [:]
            var mediaTypes: [String] = []
            var sources: [String: JSONValue] = [:]
            var examples: [String: [JSONValue]] = [:]
            if let content = response["content"]?.objectValue {
                for (mediaType, media) in content {
                    mediaTypes.append(mediaType.lowercased())
                    examples[mediaType.lowercased()] = Self.examples(of: media, dereferenced: dereferenced)
                    if let schemaValue = media["schema"] {
                        sources[mediaType.lowercased()] = schemaValue
                        let schemaPointer = resolvedPointer + "/content/" + JSONPointer.escape(mediaType) + "/schema"
                        schemas[mediaType.lowercased()] = compileSchema(schemaValue, pointer: schemaPointer, at: responsePath.appending("content").appending(mediaType).appending("schema"))
                    }
                }
            }
            let requiredHeaders = (response["headers"]?.objectValue ?? [:]).compactMap { name, header in
                dereferenced(header)["required"] == .bool(true) ? name : nil
            }.sorted()
            var decoded = ContractResponse(schemas: schemas, mediaTypes: mediaTypes.sorted(), requiredHeaders: requiredHeaders)
            decoded.schemaSources = sources
            decoded.examples = examples.filter { !$0.value.isEmpty }
            decoded.headerSchemas = (response["headers"]?.objectValue ?? [:]).mapValues { dereferenced($0)["schema"] ?? .object([:]) }
            responses[status] = decoded
        }
        return responses
    }

    // MARK: rules

    private mutating func decodeRules(_ value: JSONValue, at path: JSONPath) -> [ContractRule] {
        guard let elements = array(value, at: path) else { return [] }
        var rules: [ContractRule] = []
        for (index, element) in elements.enumerated() {
            let rulePath = path.appending(index: index)
            guard let members = object(element, at: rulePath) else { continue }
            checkKeys(members, allowed: ["anyOf", "notTogether", "forbidden", "sumAtMost", "max", "when", "message", "error", "enforced", "source"], at: rulePath)
            var check: ContractRule.Check?
            if let groups = members["anyOf"], let elements = array(groups, at: rulePath.appending("anyOf")) {
                check = .anyOf(elements.enumerated().compactMap { strings($1, at: rulePath.appending("anyOf").appending(index: $0)) })
            } else if let names = members["notTogether"] {
                check = strings(names, at: rulePath.appending("notTogether")).map { .notTogether($0) }
            } else if let names = members["forbidden"] {
                check = strings(names, at: rulePath.appending("forbidden")).map { .forbidden($0) }
            } else if let names = members["sumAtMost"] {
                if let names = strings(names, at: rulePath.appending("sumAtMost")) {
                    if let maxValue = members["max"], number(maxValue, at: rulePath.appending("max")) != nil, case .number(let max) = maxValue {
                        check = .sumAtMost(names, max: max)
                    } else if members["max"] == nil {
                        report(rulePath, "\"sumAtMost\" needs \"max\"")
                    }
                }
            } else {
                report(rulePath, "a rule needs one of anyOf, notTogether, forbidden, sumAtMost")
            }
            var when: [String: [String?]] = [:]
            if let whenValue = members["when"], let conditions = object(whenValue, at: rulePath.appending("when")) {
                for (name, accepted) in conditions {
                    guard let values = array(accepted, at: rulePath.appending("when").appending(name)) else { continue }
                    when[name] = values.map { $0 == .null ? nil : ($0.stringValue ?? JSONWriter.string($0)) }
                }
            }
            let message = members["message"].flatMap { string($0, at: rulePath.appending("message")) }
            let error = members["error"].flatMap { string($0, at: rulePath.appending("error")) }
            guard let check else { continue }
            var enforced = true
            if let value = members["enforced"], let declared = bool(value, at: rulePath.appending("enforced")) { enforced = declared }
            let source = members["source"].flatMap { string($0, at: rulePath.appending("source")) }
            let unverified = members["x-understudy-unverified"].flatMap { string($0, at: rulePath.appending("x-understudy-unverified")) }
            rules.append(ContractRule(check: check, when: when, message: message, error: error, enforced: enforced, source: source, unverified: unverified))
        }
        return rules
    }

    // MARK: references and schemas

    /// Follows a local `$ref` (one hop at a time, at most 32) to the value it names, with its pointer.
    package mutating func resolved(_ value: JSONValue, at path: JSONPath, pointer start: String? = nil) -> (value: JSONValue, pointer: String) {
        var current = value
        var currentPointer = start ?? pointer(path)
        for _ in 0..<32 {
            guard let reference = current["$ref"]?.stringValue else { return (current, currentPointer) }
            guard reference.hasPrefix("#"), let target = document.at(pointer: JSONPointer.fromFragment(reference)) else {
                report(path.appending("$ref"), "cannot resolve \(reference): only local references (#/components/…) that exist")
                return (.object([:]), currentPointer)
            }
            current = target
            currentPointer = JSONPointer.fromFragment(reference)
        }
        report(path, "$ref chain longer than 32 hops (a cycle?)")
        return (.object([:]), currentPointer)
    }

    /// The value a `$ref` names, without reporting (for reading types and defaults).
    package func dereferenced(_ value: JSONValue) -> JSONValue {
        value.dereferenced(in: document)
    }

    package mutating func compileSchema(_ value: JSONValue, pointer schemaPointer: String, at path: JSONPath) -> JSONSchema? {
        do {
            return try JSONSchema(value, root: document, location: schemaPointer)
        } catch {
            report(path, "schema: \(error)")
            return nil
        }
    }

    /// The RFC 6901 pointer of a path in the document.
    package func pointer(_ path: JSONPath) -> String { path.pointer }
}
