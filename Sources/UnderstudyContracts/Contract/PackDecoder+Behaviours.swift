import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// Reading `x-understudy.behaviours`.
extension PackDecoder {
    package mutating func decodeBehaviours(_ value: JSONValue, at path: JSONPath) -> PackBehaviours {
        var behaviours = PackBehaviours()
        guard let members = object(value, at: path) else { return behaviours }
        checkKeys(
            members, allowed: ["quota", "pageTokens", "tokenExpiry", "conditionalGet", "fieldMask", "appSecretProof", "authorizationDialog", "openIDConnect"],
            at: path)
        if let dialog = members["authorizationDialog"] {
            behaviours.authorizationDialog = decodeAuthorizationDialog(dialog, at: path.appending("authorizationDialog"))
        }
        if let openID = members["openIDConnect"] { behaviours.openIDConnect = decodeOpenIDConnect(openID, at: path.appending("openIDConnect")) }
        if let proof = members["appSecretProof"] { behaviours.appSecretProof = decodeAppSecretProof(proof, at: path.appending("appSecretProof")) }
        if let masks = members["fieldMask"] { behaviours.fieldMask = decodeFieldMasks(masks, at: path.appending("fieldMask")) }
        if let quota = members["quota"] { behaviours.quota = decodeQuota(quota, at: path.appending("quota")) }
        if let pageTokens = members["pageTokens"] { behaviours.pageTokens = decodePageTokens(pageTokens, at: path.appending("pageTokens")) }
        if let expiry = members["tokenExpiry"] { behaviours.tokenExpiry = decodeTokenExpiry(expiry, at: path.appending("tokenExpiry")) }
        if let conditional = members["conditionalGet"], let object = object(conditional, at: path.appending("conditionalGet")) {
            checkKeys(object, allowed: ["operations"], at: path.appending("conditionalGet"))
            let operations = object["operations"].flatMap { strings($0, at: path.appending("conditionalGet").appending("operations")) } ?? []
            behaviours.conditionalGet = PackBehaviours.ConditionalGet(operations: Set(operations))
        }
        return behaviours
    }

    private mutating func decodeQuota(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.Quota? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["limit", "window", "headers", "exceeded"], at: path)
        let window = members["window"].flatMap { string($0, at: path.appending("window")) } ?? "day"
        if window != "day" { report(path.appending("window"), "the only window Understudy knows is \"day\" (resets at midnight UTC)") }
        var headers: [HeaderField] = []
        if let value = members["headers"], let object = object(value, at: path.appending("headers")) {
            for (name, template) in object.sorted(by: { $0.key < $1.key }) {
                guard let text = string(template, at: path.appending("headers").appending(name)) else { continue }
                checkPlaceholders(PackAnswer.placeholderNames(in: text), at: path.appending("headers").appending(name))
                headers.append(HeaderField(name: name, value: text))
            }
        }
        guard let limitValue = members["limit"], let limit = int(limitValue, at: path.appending("limit")),
            let exceeded = requiredString(members, "exceeded", at: path)
        else {
            if members["limit"] == nil { report(path, "missing \"limit\"") }
            return nil
        }
        if limit < 0 { report(path.appending("limit"), "limit must be 0 or more") }
        return PackBehaviours.Quota(limit: limit, headers: headers, exceeded: exceeded)
    }

    private mutating func decodePageTokens(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.PageTokens? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(
            members, allowed: ["operations", "parameter", "in", "field", "validAfterSeconds", "tooEarly", "unknown"], at: path)
        let place = members["in"].flatMap { string($0, at: path.appending("in")) } ?? "query"
        if place != "query" && place != "body" { report(path.appending("in"), "expected \"query\" or \"body\" (a top-level member of a JSON request body)") }
        let operations = members["operations"].flatMap { strings($0, at: path.appending("operations")) } ?? []
        let delay = members["validAfterSeconds"].flatMap { number($0, at: path.appending("validAfterSeconds")) } ?? 0
        var unknown: String?
        if let value = members["unknown"], value != .null { unknown = string(value, at: path.appending("unknown")) }
        guard let parameter = requiredString(members, "parameter", at: path), let field = requiredString(members, "field", at: path),
            let tooEarly = requiredString(members, "tooEarly", at: path)
        else { return nil }
        return PackBehaviours.PageTokens(
            operations: Set(operations), parameter: parameter, field: field, validAfter: delay, tooEarly: tooEarly, unknown: unknown,
            inBody: place == "body")
    }

    private mutating func decodeFieldMasks(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.FieldMasks? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["header", "parameters", "operations", "missing", "unknownPath", "source"], at: path)
        let parameters = members["parameters"].flatMap { strings($0, at: path.appending("parameters")) } ?? []
        var operations: [String: PackBehaviours.FieldMasks.Use] = [:]
        if let value = members["operations"], let named = object(value, at: path.appending("operations")) {
            for (id, useValue) in named {
                guard let text = string(useValue, at: path.appending("operations").appending(id)) else { continue }
                guard let use = PackBehaviours.FieldMasks.Use(rawValue: text) else {
                    report(path.appending("operations").appending(id), "expected \"required\" or \"optional\"")
                    continue
                }
                operations[id] = use
            }
        }
        guard let header = requiredString(members, "header", at: path), let missing = requiredString(members, "missing", at: path),
            let unknownPath = requiredString(members, "unknownPath", at: path)
        else { return nil }
        return PackBehaviours.FieldMasks(header: header, parameters: parameters, operations: operations, missing: missing, unknownPath: unknownPath)
    }

    private mutating func decodeTokenExpiry(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.TokenExpiry? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(
            members, allowed: ["issuers", "tokens", "expired", "dateFormat", "timeZone", "introspection", "dataAccessSeconds", "revocation", "permissions"], at: path)
        var issuers: [PackBehaviours.TokenExpiry.Issuer] = []
        if let value = members["issuers"], let elements = array(value, at: path.appending("issuers")) {
            for (index, element) in elements.enumerated() {
                let issuerPath = path.appending("issuers").appending(index: index)
                guard let issuer = object(element, at: issuerPath) else { continue }
                checkKeys(issuer, allowed: ["operation", "tokenField", "expiresInField", "from"], at: issuerPath)
                let from = issuer["from"].flatMap { string($0, at: issuerPath.appending("from")) }
                if let operation = requiredString(issuer, "operation", at: issuerPath), let tokenField = requiredString(issuer, "tokenField", at: issuerPath),
                    let expiresIn = requiredString(issuer, "expiresInField", at: issuerPath)
                {
                    issuers.append(.init(operation: operation, tokenField: tokenField, expiresInField: expiresIn, from: from))
                }
            }
        }
        var tokens: [String: Date] = [:]
        if let value = members["tokens"], let elements = array(value, at: path.appending("tokens")) {
            for (index, element) in elements.enumerated() {
                let tokenPath = path.appending("tokens").appending(index: index)
                guard let token = object(element, at: tokenPath) else { continue }
                checkKeys(token, allowed: ["token", "expiresAt"], at: tokenPath)
                guard let value = requiredString(token, "token", at: tokenPath), let expiresText = requiredString(token, "expiresAt", at: tokenPath) else { continue }
                guard let expiresAt = ISO8601Time.date(from: expiresText) else {
                    report(tokenPath.appending("expiresAt"), "expected an ISO 8601 time such as 2024-03-01T08:00:00Z")
                    continue
                }
                tokens[value] = expiresAt
            }
        }
        let dateFormat = members["dateFormat"].flatMap { string($0, at: path.appending("dateFormat")) } ?? "yyyy-MM-dd'T'HH:mm:ssXXXXX"
        var timeZone = PackTimeZone.utc
        if let value = members["timeZone"], let name = string(value, at: path.appending("timeZone")) {
            if let zone = PackTimeZone(name) { timeZone = zone } else { report(path.appending("timeZone"), "unknown time zone \"\(name)\"") }
        }
        let introspection = members["introspection"].flatMap { decodeIntrospection($0, at: path.appending("introspection")) }
        var dataAccess: TimeInterval?
        if let value = members["dataAccessSeconds"], let seconds = number(value, at: path.appending("dataAccessSeconds")) {
            if seconds > 0 { dataAccess = seconds } else { report(path.appending("dataAccessSeconds"), "expected a number of seconds above 0") }
        }
        let revocation = members["revocation"].flatMap { decodeRevocation($0, at: path.appending("revocation")) }
        let permissions = members["permissions"].flatMap { decodePermissions($0, at: path.appending("permissions")) }
        guard let expired = requiredString(members, "expired", at: path) else { return nil }
        return PackBehaviours.TokenExpiry(
            issuers: issuers, tokens: tokens, expired: expired, dates: DatePattern(dateFormat, zone: timeZone), introspection: introspection,
            dataAccessSeconds: dataAccess, revocation: revocation, permissions: permissions)
    }

    private mutating func decodeRevocation(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.TokenExpiry.Revocation? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["operations", "revoked", "userTokens"], at: path)
        let operations = members["operations"].flatMap { strings($0, at: path.appending("operations")) } ?? []
        if operations.isEmpty { report(path, "\"operations\" must name at least one operation") }
        let userTokens = members["userTokens"].flatMap { regex($0, at: path.appending("userTokens")) }
        guard let revoked = requiredString(members, "revoked", at: path) else { return nil }
        return .init(operations: Set(operations), revoked: revoked, userTokens: userTokens)
    }

    private mutating func decodePermissions(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.TokenExpiry.Permissions? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["revoke", "list", "fields"], at: path)
        var revoke: (operation: String, parameter: String)?
        if let value = members["revoke"], let object = object(value, at: path.appending("revoke")) {
            checkKeys(object, allowed: ["operation", "parameter"], at: path.appending("revoke"))
            if let operation = requiredString(object, "operation", at: path.appending("revoke")),
                let parameter = requiredString(object, "parameter", at: path.appending("revoke"))
            {
                revoke = (operation, parameter)
            }
        } else {
            report(path, "missing \"revoke\"")
        }
        var list: (operation: String, items: String, name: String, status: String, declined: String)?
        if let value = members["list"], let object = object(value, at: path.appending("list")) {
            let at = path.appending("list")
            checkKeys(object, allowed: ["operation", "items", "name", "status", "declined"], at: at)
            if let operation = requiredString(object, "operation", at: at), let items = requiredString(object, "items", at: at),
                let name = requiredString(object, "name", at: at), let status = requiredString(object, "status", at: at),
                let declined = requiredString(object, "declined", at: at)
            {
                if !items.hasPrefix("/") { report(at.appending("items"), "\"\(items)\" is not a JSON pointer (it must start with /)") }
                list = (operation, items, name, status, declined)
            }
        } else {
            report(path, "missing \"list\"")
        }
        var fields: [String: [String: [String]]] = [:]
        if let value = members["fields"], let byOperation = object(value, at: path.appending("fields")) {
            for (operation, guarded) in byOperation {
                let at = path.appending("fields").appending(operation)
                guard let byPermission = object(guarded, at: at) else { continue }
                for (permission, names) in byPermission {
                    if let names = strings(names, at: at.appending(permission)) { fields[operation, default: [:]][permission] = names }
                }
            }
        }
        guard let revoke, let list else { return nil }
        return .init(
            revokeOperation: revoke.operation, parameter: revoke.parameter, listOperation: list.operation, items: list.items, nameMember: list.name,
            statusMember: list.status, declinedStatus: list.declined, fields: fields)
    }

    private mutating func decodeAppSecretProof(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.AppSecretProof? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["parameter", "secret", "required", "invalid", "missing"], at: path)
        var secret: String?
        if let value = members["secret"], value != .null { secret = string(value, at: path.appending("secret")) }
        var required = false
        if let value = members["required"] {
            if case .bool(let flag) = value { required = flag } else { report(path.appending("required"), "expected true or false") }
        }
        guard let parameter = requiredString(members, "parameter", at: path), let invalid = requiredString(members, "invalid", at: path),
            let missing = requiredString(members, "missing", at: path)
        else { return nil }
        return .init(parameter: parameter, secret: secret, required: required, invalid: invalid, missing: missing)
    }

    private mutating func decodeIntrospection(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.TokenExpiry.Introspection? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["operation", "parameter", "set", "whenExpired", "whenRevoked", "subject"], at: path)
        var set: [(String, PackBehaviours.TokenExpiry.Introspection.Field)] = []
        if let value = members["set"], let object = object(value, at: path.appending("set")) {
            for (pointer, fieldValue) in object.sorted(by: { $0.key < $1.key }) {
                guard let name = string(fieldValue, at: path.appending("set").appending(pointer)) else { continue }
                guard let field = PackBehaviours.TokenExpiry.Introspection.Field(rawValue: name) else {
                    let names = PackBehaviours.TokenExpiry.Introspection.Field.allCases.map { "\"\($0.rawValue)\"" }
                    report(path.appending("set").appending(pointer), "expected one of \(names.joined(separator: ", "))")
                    continue
                }
                set.append((pointer, field))
            }
        }
        func added(_ name: String) -> [(String, JSONValue)] {
            var added: [(String, JSONValue)] = []
            if let value = members[name], let object = object(value, at: path.appending(name)) {
                for (pointer, value) in object.sorted(by: { $0.key < $1.key }) {
                    checkPlaceholders(PackAnswer.placeholderNames(in: value), at: path.appending(name).appending(pointer))
                    added.append((pointer, value))
                }
            }
            return added
        }
        let whenExpired = added("whenExpired"), whenRevoked = added("whenRevoked")
        let subject = members["subject"].flatMap { string($0, at: path.appending("subject")) }
        for pointer in set.map(\.0) + whenExpired.map(\.0) + whenRevoked.map(\.0) + (subject.map { [$0] } ?? []) where !pointer.hasPrefix("/") {
            report(path, "\"\(pointer)\" is not a JSON pointer (it must start with /)")
        }
        guard let operation = requiredString(members, "operation", at: path), let parameter = requiredString(members, "parameter", at: path) else { return nil }
        return .init(operation: operation, parameter: parameter, set: set, whenExpired: whenExpired, whenRevoked: whenRevoked, subject: subject)
    }
}
