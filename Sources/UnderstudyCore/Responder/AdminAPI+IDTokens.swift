import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts

/// `/__understudy/idtoken/{provider}`: ID tokens of an OpenID Connect provider's test user for
/// tests (`POST`, minted now on the server's clock), and what the session knows of them (`GET`:
/// the users uninstalled). Admin answers are not journaled, so the token stays out of the journal.
extension AdminAPI {
    func idTokens(_ method: String, provider: String, body: [UInt8]) -> Response {
        guard responder.contracts?.pack(named: provider)?.behaviours.openIDConnect != nil else {
            let known = responder.openIDProviders.map(JSONValue.string)
            return .json(["understudy": ["error": .string("no loaded contract gives \"\(provider)\" behaviours.openIDConnect"), "providers": .array(known)]], status: 404)
        }
        switch method {
        case "GET":
            let users = session.uninstalledUsers(for: provider).map(JSONValue.string)
            return .json(["provider": .string(provider), "uninstalledUsers": .array(users)])
        case "POST":
            return mintIDToken(provider: provider, body: body)
        default:
            return .json(["understudy": ["error": .string("\(method) is not allowed on /__understudy/idtoken/\(provider)"), "endpoints": .array(Self.endpoints)]], status: 405)
        }
    }

    private func mintIDToken(provider: String, body: [UInt8]) -> Response {
        let usage = "expected a JSON body {\"nonce\": \"...\", \"claims\": {\"name\": value, ...}} (both may be left out; a claim set to null is left out of the token)"
        var members: [String: JSONValue] = [:]
        if !body.isEmpty {
            guard case .object(let object)? = try? JSONParser.parse(body), Set(object.keys).isSubset(of: ["nonce", "claims"]) else {
                return .json(["understudy": ["error": .string(usage)]], status: 400)
            }
            members = object
        }
        var nonce: String?
        switch members["nonce"] {
        case .string(let text)?: nonce = text
        case nil, .null?: nonce = nil
        default: return .json(["understudy": ["error": .string("nonce: expected a string; " + usage)]], status: 400)
        }
        var claims: [String: JSONValue] = [:]
        switch members["claims"] {
        case .object(let given)?: claims = given
        case nil, .null?: break
        default: return .json(["understudy": ["error": .string("claims: expected an object; " + usage)]], status: 400)
        }
        do {
            let minted = try responder.mintIDToken(for: provider, nonce: nonce, claims: claims, in: session)
            return .json(["provider": .string(provider), "id_token": .string(minted.token), "claims": .object(minted.claims)])
        } catch {
            return .json(["understudy": ["error": .string(String(describing: error))]], status: 400)
        }
    }
}
