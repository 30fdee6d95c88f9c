import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// What an OpenID Connect provider (`behaviours.openIDConnect`) answers itself, before any
/// fixture: its discovery document, its key set (the key the fake signs ID tokens with), and
/// the uninstall of an ID token's user.
extension ProviderGate {
    /// The provider's own answer when `operation` is one of `openID`'s; `nil` otherwise. An
    /// uninstall reads the session's tokens and notes the user it ends in `effects`.
    func openIDOutcome(
        _ openID: PackBehaviours.OpenIDConnect, operation: ContractOperation, memory: BehaviourMemory, reads: inout BehaviourReads,
        effects: inout BehaviourEffects
    ) -> Outcome? {
        guard let role = openID.role(of: operation.id) else { return nil }
        let pack = route.pack
        let answeredBy = "\(pack.provider): \(operation.id) (openIDConnect)"
        switch role {
        case .discovery:
            return Outcome(answer: .json(openID.document, style: .compact), answeredBy: answeredBy)
        case .keys:
            guard let issuers = openIDIssuers else { return nil }
            do {
                let key = try issuers.key(for: pack, openID)
                return Outcome(answer: .json(["keys": [key.publicJWK]], style: .compact), answeredBy: answeredBy)
            } catch {
                let reason = "\(pack.provider) could not make its OpenID signing key: \(error)"
                return Outcome(answer: .json(["understudy": ["error": .string(reason)]], status: 500), answeredBy: answeredBy)
            }
        case .uninstall:
            guard let uninstall = openID.uninstall else { return nil }
            return uninstallOutcome(uninstall, openID, operation: operation, memory: memory, reads: &reads, effects: &effects)
        }
    }

    /// Uninstalls the user of the ID token the request carries (a form field, else a query
    /// parameter), when it is a token this server signed, still valid on the server's clock,
    /// for the app named: the user's tokens minted until now are ended. A token already ended
    /// gets `alreadyUninstalled`; one that is not valid, `invalid`.
    private func uninstallOutcome(
        _ uninstall: PackBehaviours.OpenIDConnect.Uninstall, _ openID: PackBehaviours.OpenIDConnect, operation: ContractOperation,
        memory: BehaviourMemory, reads: inout BehaviourReads, effects: inout BehaviourEffects
    ) -> Outcome {
        let pack = route.pack
        let form = request.body.withUnsafeBufferPointer { QueryParameters(parsing: $0) }
        func field(_ name: String) -> String? { form.values(name).first ?? request.query.values(name).first }
        func answer(_ name: String, reason: String, violation: ContractViolation? = nil) -> Outcome {
            Outcome(answer: render(name, ["operation": operation.id]), answeredBy: "\(pack.provider): \(name) (\(reason))", violation: violation)
        }
        for name in [uninstall.tokenField, uninstall.appField] where field(name)?.isEmpty ?? true {
            let violation = ContractViolation(
                provider: pack.provider, operation: operation.id, kind: .missingParameter, parameter: name,
                detail: "\(operation.id) requires the form field \(name)")
            return answer(uninstall.invalid, reason: "no \(name)", violation: violation)
        }
        let token = field(uninstall.tokenField)!, app = field(uninstall.appField)!
        // No key yet: this server signed no token, so none can verify.
        guard let key = openIDIssuers?.existingKey(for: pack) else { return answer(uninstall.invalid, reason: "ID token not signed by this server") }
        let claims: [String: JSONValue]
        switch JSONWebToken.verifiedClaims(of: token, key: key) {
        case .failure(let refusal): return answer(uninstall.invalid, reason: "ID token refused: \(refusal.rawValue)")
        case .success(let verified): claims = verified
        }
        guard claims["iss"]?.stringValue == openID.issuer else { return answer(uninstall.invalid, reason: "ID token of another issuer") }
        guard claims["aud"]?.stringValue == app else { return answer(uninstall.invalid, reason: "ID token for another app than \(uninstall.appField)") }
        guard case .number(let expiry)? = claims["exp"], now.timeIntervalSince1970 < expiry.value else {
            return answer(uninstall.invalid, reason: "ID token expired")
        }
        guard let user = claims["sub"]?.stringValue, let tokenID = claims["jti"]?.stringValue else {
            return answer(uninstall.invalid, reason: "ID token without sub or jti")
        }
        reads.tokens = memory.tokens.version
        var tokens = effects.tokens ?? memory.tokens
        guard tokens.uninstallIDTokenUser(user, tokenID: tokenID, provider: pack.provider) else {
            return answer(uninstall.alreadyUninstalled, reason: "its user was uninstalled already")
        }
        effects.tokens = tokens
        return answer(uninstall.done, reason: "user uninstalled")
    }
}
