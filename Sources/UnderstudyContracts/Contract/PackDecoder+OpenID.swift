import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// Reading `x-understudy.behaviours.openIDConnect`.
extension PackDecoder {
    /// The RSA key sizes swift-crypto makes.
    static let openIDKeyBits: Set<Int> = [2048, 3072, 4096]

    mutating func decodeOpenIDConnect(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.OpenIDConnect? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["discovery", "keys", "audience", "lifetimeSeconds", "user", "uninstall", "source"], at: path)
        var discoveryOperation: String?, document: JSONValue?, issuer: String?
        if let value = members["discovery"], let discovery = object(value, at: path.appending("discovery")) {
            checkKeys(discovery, allowed: ["operation", "document"], at: path.appending("discovery"))
            discoveryOperation = requiredString(discovery, "operation", at: path.appending("discovery"))
            if let value = discovery["document"], let fields = object(value, at: path.appending("discovery").appending("document")) {
                document = value
                issuer = requiredString(fields, "issuer", at: path.appending("discovery").appending("document"))
            } else if discovery["document"] == nil {
                report(path.appending("discovery"), "missing \"document\" (the discovery document, whose \"issuer\" every token carries)")
            }
        } else if members["discovery"] == nil {
            report(path, "missing \"discovery\"")
        }
        var keysOperation: String?, bits = 2048
        if let value = members["keys"], let keys = object(value, at: path.appending("keys")) {
            checkKeys(keys, allowed: ["operation", "bits"], at: path.appending("keys"))
            keysOperation = requiredString(keys, "operation", at: path.appending("keys"))
            if let value = keys["bits"], let number = int(value, at: path.appending("keys").appending("bits")) {
                if Self.openIDKeyBits.contains(number) { bits = number } else { report(path.appending("keys").appending("bits"), "expected 2048, 3072 or 4096") }
            }
        } else if members["keys"] == nil {
            report(path, "missing \"keys\"")
        }
        var lifetime: TimeInterval = 3600
        if let value = members["lifetimeSeconds"], let seconds = number(value, at: path.appending("lifetimeSeconds")) {
            if seconds > 0 && seconds <= 366 * 86_400 { lifetime = seconds } else { report(path.appending("lifetimeSeconds"), "expected seconds, more than 0 and at most a year") }
        }
        let (userOperation, userClaims) = decodeOpenIDUser(members["user"], at: path.appending("user"))
        let uninstall = members["uninstall"].flatMap { decodeOpenIDUninstall($0, at: path.appending("uninstall")) }
        guard let discoveryOperation, let document, let issuer, let keysOperation, let audience = requiredString(members, "audience", at: path) else { return nil }
        return PackBehaviours.OpenIDConnect(
            discoveryOperation: discoveryOperation, document: document, issuer: issuer, keysOperation: keysOperation, keyBits: bits,
            audience: audience, lifetime: lifetime, userOperation: userOperation, userClaims: userClaims, uninstall: uninstall)
    }

    private mutating func decodeOpenIDUser(_ value: JSONValue?, at path: JSONPath) -> (String?, [(claim: String, pointer: String)]) {
        guard let value, let user = object(value, at: path) else { return (nil, []) }
        checkKeys(user, allowed: ["operation", "claims"], at: path)
        let operation = requiredString(user, "operation", at: path)
        var claims: [(claim: String, pointer: String)] = []
        if let value = user["claims"], let named = object(value, at: path.appending("claims")) {
            for (claim, pointerValue) in named.sorted(by: { $0.key < $1.key }) {
                guard let pointer = string(pointerValue, at: path.appending("claims").appending(claim)) else { continue }
                guard pointer.isEmpty || pointer.hasPrefix("/") else {
                    report(path.appending("claims").appending(claim), "expected a JSON pointer into the answer (\"/id\"), got \"\(pointer)\"")
                    continue
                }
                claims.append((claim, pointer))
            }
        }
        if !claims.contains(where: { $0.claim == "sub" }) { report(path.appending("claims"), "missing \"sub\" (where the user's id is in the answer)") }
        return (operation, claims)
    }

    private mutating func decodeOpenIDUninstall(_ value: JSONValue, at path: JSONPath) -> PackBehaviours.OpenIDConnect.Uninstall? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["operation", "tokenField", "appField", "done", "invalid", "alreadyUninstalled"], at: path)
        guard let operation = requiredString(members, "operation", at: path), let tokenField = requiredString(members, "tokenField", at: path),
            let appField = requiredString(members, "appField", at: path), let done = requiredString(members, "done", at: path),
            let invalid = requiredString(members, "invalid", at: path), let already = requiredString(members, "alreadyUninstalled", at: path)
        else { return nil }
        return .init(operation: operation, tokenField: tokenField, appField: appField, done: done, invalid: invalid, alreadyUninstalled: already)
    }
}
