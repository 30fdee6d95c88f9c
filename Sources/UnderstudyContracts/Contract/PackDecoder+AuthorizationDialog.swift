import Foundation
import UnderstudyJSON
import UnderstudyFixtures

/// Reading `x-understudy.behaviours.authorizationDialog`.
extension PackDecoder {
    mutating func decodeAuthorizationDialog(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.AuthorizationDialog? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(
            members,
            allowed: [
                "dialog", "decision", "clientId", "redirectUri", "state", "page", "codeParameter", "codePrefix", "codeSeconds", "cancelled", "exchange",
                "idToken",
            ], at: path)
        let idToken = members["idToken"].flatMap { decodeIDTokenRedirect($0, at: path.appending("idToken")) }
        let decision = members["decision"].flatMap { decodeDialogDecision($0, at: path.appending("decision")) }
        let exchange = members["exchange"].flatMap { decodeCodeExchange($0, at: path.appending("exchange")) }
        var title = "", user = ""
        if let value = members["page"], let page = object(value, at: path.appending("page")) {
            checkKeys(page, allowed: ["title", "user"], at: path.appending("page"))
            title = requiredString(page, "title", at: path.appending("page")) ?? ""
            user = requiredString(page, "user", at: path.appending("page")) ?? ""
        } else if members["page"] == nil {
            report(path, "missing \"page\"")
        }
        var cancelled: [(name: String, value: String)] = []
        if let value = members["cancelled"], let object = object(value, at: path.appending("cancelled")) {
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                if let text = string(member, at: path.appending("cancelled").appending(name)) { cancelled.append((name, text)) }
            }
        } else if members["cancelled"] == nil {
            report(path, "missing \"cancelled\" (the query members of the redirect when the user cancels)")
        }
        var lifetime: TimeInterval = 600
        if let value = members["codeSeconds"], let seconds = number(value, at: path.appending("codeSeconds")) {
            if seconds > 0 { lifetime = seconds } else { report(path.appending("codeSeconds"), "a code must live more than 0 seconds") }
        }
        let prefix = members["codePrefix"].flatMap { string($0, at: path.appending("codePrefix")) } ?? "understudy-code-"
        guard let dialog = requiredString(members, "dialog", at: path), let decision, let exchange,
            let clientID = requiredString(members, "clientId", at: path), let redirectURI = requiredString(members, "redirectUri", at: path),
            let state = requiredString(members, "state", at: path), let codeParameter = requiredString(members, "codeParameter", at: path)
        else {
            if members["decision"] == nil { report(path, "missing \"decision\"") }
            if members["exchange"] == nil { report(path, "missing \"exchange\"") }
            return nil
        }
        return PackBehaviours.AuthorizationDialog(
            dialog: dialog, decision: decision, clientID: clientID, redirectURI: redirectURI, state: state, title: title, user: user,
            codeParameter: codeParameter, codePrefix: prefix, codeLifetime: lifetime, cancelled: cancelled, exchange: exchange, idToken: idToken)
    }

    /// `authorizationDialog.idToken`: the parameters of a dialog asked for an ID token.
    private mutating func decodeIDTokenRedirect(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.AuthorizationDialog.IDTokenRedirect? {
        guard let members = object(value, at: path) else { return nil }
        let names = ["responseType", "requests", "nonce", "scope", "parameter", "grantedScopes"]
        checkKeys(members, allowed: Set(names), at: path)
        let found = names.map { requiredString(members, $0, at: path) }
        guard let responseType = found[0], let requests = found[1], let nonce = found[2], let scope = found[3], let parameter = found[4],
            let grantedScopes = found[5]
        else { return nil }
        return .init(responseType: responseType, requests: requests, nonce: nonce, scope: scope, parameter: parameter, grantedScopes: grantedScopes)
    }

    private mutating func decodeDialogDecision(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.AuthorizationDialog.Decision? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["operation", "parameter", "accept", "cancel"], at: path)
        guard let operation = requiredString(members, "operation", at: path), let parameter = requiredString(members, "parameter", at: path),
            let accept = requiredString(members, "accept", at: path), let cancel = requiredString(members, "cancel", at: path)
        else { return nil }
        if accept == cancel { report(path.appending("cancel"), "the cancel value must differ from the accept value \"\(accept)\"") }
        return .init(operation: operation, parameter: parameter, accept: accept, cancel: cancel)
    }

    private mutating func decodeCodeExchange(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.AuthorizationDialog.Exchange? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(
            members, allowed: ["operation", "code", "clientId", "redirectUri", "used", "expired", "redirectMismatch", "clientMismatch"], at: path)
        guard let operation = requiredString(members, "operation", at: path), let code = requiredString(members, "code", at: path),
            let clientID = requiredString(members, "clientId", at: path), let redirectURI = requiredString(members, "redirectUri", at: path),
            let used = requiredString(members, "used", at: path), let expired = requiredString(members, "expired", at: path),
            let redirectMismatch = requiredString(members, "redirectMismatch", at: path)
        else { return nil }
        let clientMismatch = members["clientMismatch"].flatMap { string($0, at: path.appending("clientMismatch")) } ?? redirectMismatch
        return .init(
            operation: operation, code: code, clientID: clientID, redirectURI: redirectURI, used: used, expired: expired,
            redirectMismatch: redirectMismatch, clientMismatch: clientMismatch)
    }
}
