import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The authorization dialog (`behaviours.authorizationDialog`): the provider's own answers to
/// the dialog, its decision step, and a code exchange of a code the session issued.
extension ProviderGate {
    /// The dialog's answer to a request of one of its operations that passed the contract's
    /// checks; `nil` when the fixtures answer (an operation it does not concern, or an exchange
    /// of a code the session never issued, which the dialog does not know: hand-written flows
    /// keep their fixtures). Reads the session's dialog memory, and notes the codes it issues
    /// or uses up in `effects` (the memory as the answer leaves it).
    func dialogOutcome(
        _ dialog: PackBehaviours.AuthorizationDialog, operation: ContractOperation, memory: BehaviourMemory, reads: inout BehaviourReads,
        effects: inout BehaviourEffects
    ) -> Outcome? {
        guard let role = dialog.role(of: operation.id) else { return nil }
        reads.dialogs = memory.dialogs.version
        var dialogs = memory.dialogs
        defer { if dialogs.version != memory.dialogs.version { effects.dialogs = dialogs } }
        switch role {
        case .dialog:
            guard let redirectURI = request.query.values(dialog.redirectURI).first else { return nil }
            if let refused = unusableRedirect(redirectURI, dialog, operation) { return refused }
            switch dialogs.user(for: route.pack.provider) {
            case .continues?: return continueRedirect(dialog, to: redirectURI, dialogs: &dialogs, memory: memory, reads: &reads, effects: &effects)
            case .cancels?: return cancelRedirect(dialog, to: redirectURI)
            case nil: return consentPage(dialog)
            }
        case .decision:
            guard let redirectURI = request.query.values(dialog.redirectURI).first else { return nil }
            if let refused = unusableRedirect(redirectURI, dialog, operation) { return refused }
            switch request.query.values(dialog.decision.parameter).first {
            case dialog.decision.accept?:
                return continueRedirect(dialog, to: redirectURI, dialogs: &dialogs, memory: memory, reads: &reads, effects: &effects)
            case dialog.decision.cancel?: return cancelRedirect(dialog, to: redirectURI)
            default: return nil
            }
        case .exchange:
            return exchangeFinding(dialog.exchange, operation: operation, dialogs: &dialogs)
        }
    }

    /// The consent page, its buttons leading to the decision step with the dialog's parameters.
    private func consentPage(_ dialog: PackBehaviours.AuthorizationDialog) -> Outcome {
        let decisionPath = route.pack.operations.first { $0.id == dialog.decision.operation }?.path.text ?? route.contractPath
        // The page's own path before its contract path: the version (`/v19.0`) the app asked for.
        let prefix = request.path.hasSuffix(route.contractPath) ? String(request.path.dropLast(route.contractPath.count)) : ""
        let carried = request.query.pairs.filter { $0.name != dialog.decision.parameter }
        let page = DialogAnswers.page(title: dialog.title, user: dialog.user, decisionPath: prefix + decisionPath, carried: carried, decision: dialog.decision)
        return Outcome(answer: page, answeredBy: "\(route.pack.provider): authorizationDialog (consent page)")
    }

    /// Where Continue sends the browser: with an ID token when the request asks for one and the
    /// pack mints them, else with a code.
    private func continueRedirect(
        _ dialog: PackBehaviours.AuthorizationDialog, to redirectURI: String, dialogs: inout DialogMemory, memory: BehaviourMemory,
        reads: inout BehaviourReads, effects: inout BehaviourEffects
    ) -> Outcome {
        guard let idToken = dialog.idToken, idToken.isAsked(by: request.query.values(idToken.responseType).first) else {
            return codeRedirect(dialog, to: redirectURI, dialogs: &dialogs)
        }
        return idTokenRedirect(idToken, dialog, to: redirectURI, memory: memory, reads: &reads, effects: &effects)
    }

    /// The redirect of a login that asked for an ID token (Limited Login): the token of the
    /// pack's test user, with the request's nonce, its granted scopes and the state, in the
    /// redirect URI's fragment. The session notes the token, so its uninstall ends it.
    private func idTokenRedirect(
        _ idToken: PackBehaviours.AuthorizationDialog.IDTokenRedirect, _ dialog: PackBehaviours.AuthorizationDialog, to redirectURI: String,
        memory: BehaviourMemory, reads: inout BehaviourReads, effects: inout BehaviourEffects
    ) -> Outcome {
        let pack = route.pack
        let minted: (token: String, claims: [String: JSONValue])
        do {
            guard let issuers = openIDIssuers else { throw IDTokenMintError.notAnOpenIDProvider(pack.provider) }
            minted = try issuers.mint(for: pack, nonce: request.query.values(idToken.nonce).first, now: now)
        } catch {
            let reason = "the login dialog of \(pack.provider) could not mint an ID token: \(error)"
            return Outcome(answer: .json(["understudy": ["error": .string(reason)]], status: 500), answeredBy: "\(pack.provider): authorizationDialog (no ID token)")
        }
        if let tokenID = minted.claims["jti"]?.stringValue {
            reads.tokens = memory.tokens.version
            var tokens = effects.tokens ?? memory.tokens
            tokens.noteIDTokenMinted(tokenID, provider: pack.provider)
            effects.tokens = tokens
        }
        var members = [(name: idToken.parameter, value: minted.token), (idToken.grantedScopes, request.query.values(idToken.scope).first ?? "")]
        if let sent = request.query.values(dialog.state).first { members.append((dialog.state, sent)) }
        return Outcome(
            answer: DialogAnswers.redirect(to: redirectURI, adding: members, inFragment: true), answeredBy: "\(pack.provider): authorizationDialog (ID token issued)")
    }

    /// The redirect with a new code, bound to the client and the redirect URI, and the state.
    private func codeRedirect(_ dialog: PackBehaviours.AuthorizationDialog, to redirectURI: String, dialogs: inout DialogMemory) -> Outcome {
        let clientID = request.query.values(dialog.clientID).first ?? ""
        let record = AuthorizationCode(clientID: clientID, redirectURI: redirectURI, expiresAt: now.addingTimeInterval(dialog.codeLifetime))
        let code = dialogs.issueCode(prefix: dialog.codePrefix, provider: route.pack.provider, record: record)
        var members = [(name: dialog.codeParameter, value: code)]
        if let sent = request.query.values(dialog.state).first { members.append((dialog.state, sent)) }
        return Outcome(answer: DialogAnswers.redirect(to: redirectURI, adding: members), answeredBy: "\(route.pack.provider): authorizationDialog (code issued)")
    }

    /// The redirect a user's cancel makes: the provider's error members and the state.
    private func cancelRedirect(_ dialog: PackBehaviours.AuthorizationDialog, to redirectURI: String) -> Outcome {
        var members = dialog.cancelled
        if let sent = request.query.values(dialog.state).first { members.append((dialog.state, sent)) }
        return Outcome(answer: DialogAnswers.redirect(to: redirectURI, adding: members), answeredBy: "\(route.pack.provider): authorizationDialog (cancelled)")
    }

    /// The pack's invalid-request answer for a redirect URI the dialog cannot send a browser
    /// back to (not absolute, or with spaces, control bytes or a fragment); `nil` when it can.
    private func unusableRedirect(_ redirectURI: String, _ dialog: PackBehaviours.AuthorizationDialog, _ operation: ContractOperation) -> Outcome? {
        guard !DialogAnswers.isRedirectable(redirectURI) else { return nil }
        let detail = "query parameter \(dialog.redirectURI): expected an absolute URI without spaces or a fragment"
        let violation = ContractViolation(provider: route.pack.provider, operation: operation.id, kind: .invalidParameter, parameter: dialog.redirectURI, detail: detail)
        guard let name = route.pack.invalidRequest else { return Outcome(violation: violation) }
        let message = route.pack.messages.invalid.map { PackAnswer.fill($0, ["parameter": dialog.redirectURI, "value": ""]) } ?? detail
        return Outcome(
            answer: render(name, ["parameter": dialog.redirectURI, "message": message, "operation": operation.id]),
            answeredBy: "\(route.pack.provider): \(name)", violation: violation)
    }

    /// The exchange's answer to a code the session issued that it cannot accept (used,
    /// expired, another client's or another redirect URI's); `nil` when it accepts the code
    /// (now used up) or never issued it.
    private func exchangeFinding(
        _ exchange: PackBehaviours.AuthorizationDialog.Exchange, operation: ContractOperation, dialogs: inout DialogMemory
    ) -> Outcome? {
        guard let code = request.query.values(exchange.code).first else { return nil }
        let verdict = dialogs.redeem(
            code, provider: route.pack.provider, clientID: request.query.values(exchange.clientID).first,
            redirectURI: request.query.values(exchange.redirectURI).first, now: now)
        let name: String
        switch verdict {
        case .unknown, .accepted: return nil
        case .used: name = exchange.used
        case .expired: name = exchange.expired
        case .wrongClient: name = exchange.clientMismatch
        case .wrongRedirectURI: name = exchange.redirectMismatch
        }
        return Outcome(answer: render(name, ["operation": operation.id]), answeredBy: "\(route.pack.provider): \(name)")
    }
}
