import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// What the provider does to an answer once it is chosen: the fields of the mask, 304s, the
/// tokens it issues, revokes and describes, the page tokens it issues.
extension ProviderGate {
    /// The fixture's answer as the provider would give it: only the fields the mask asks for,
    /// tokens issued, introspection updated, 304 for a matching `If-None-Match`, rate-limit headers.
    ///
    /// `answerHolds` is the mask the answer was recorded with, when known: an answer holds no
    /// field outside it (`verify` checks), so a request asking for all of it takes the answer whole.
    /// `tokens` is a copy of the session's token memory, taken with the reads of `before` when
    /// the operation's answers issue, revoke or describe tokens (`readsTokensAfter`); what the
    /// answer changes in it, and the page tokens it issues, go into `effects`.
    package func after(_ response: inout Response, answerHolds: FieldMask? = nil, tokens: inout TokenMemory?, effects: inout BehaviourEffects) {
        // What the answer changed in the tokens is installed whole.
        let read = tokens?.version
        defer { if let tokens, tokens.version != read { effects.tokens = tokens } }
        guard let operation = route.operation, (200..<300).contains(response.status) else { return }
        let operationID = operation.id
        if operation.behaviours.conditionalGet, let answer = notModified(response) {
            response = answer
            return
        }
        if let mask, !mask.isEverything, answerHolds?.isWithin(mask) != true, let whole = try? JSONParser.parse(response.body) {
            response.body = JSONWriter.bytes(mask.pruning(whole))
        }
        if operation.behaviours.tokenEffects, let expiry = behaviours.tokenExpiry, let credential = credentialValue, tokens != nil {
            applyTokenEffects(expiry, operation: operationID, credential: credential, to: &response, tokens: &tokens!)
        }
        // Most operations' answers issue nothing: decided once, when the pack loaded.
        guard operation.behaviours.readsAnswers else { return }
        // `readsAnswers` holds exactly when this names a member or the whole body.
        let json: JSONValue
        if operation.behaviours.introspection {
            guard let whole = try? JSONParser.parse(response.body) else { return }
            json = whole
        } else {
            let body = response.body
            let scan = { JSONMemberScan.members(self.wantedMembers(of: operation), of: body) }
            guard let members = reading.map({ $0.members(of: body, read: scan) }) ?? scan() else { return }
            json = .object(members)
        }
        if operation.behaviours.pageTokens, let pageTokens = behaviours.pageTokens, let token = json[pageTokens.field]?.stringValue {
            effects.pageTokens.append((pack.provider, token, now))
        }
        guard let expiry = behaviours.tokenExpiry, tokens != nil else { return }
        for issuer in expiry.issuers where issuer.operation == operationID {
            if let token = json[issuer.tokenField]?.stringValue { issue(token, by: issuer, expiry, answer: json, to: &response, tokens: &tokens!) }
        }
        if let introspection = expiry.introspection, introspection.operation == operationID,
            let token = request.query.values(introspection.parameter).first
        {
            introspect(token, introspection, expiry, answer: json, to: &response, tokens: tokens!)
        }
    }

    /// Whether `after` reads or changes the session's tokens: the operation's answers issue,
    /// revoke or describe them. The decision then copies the token memory for it.
    package var readsTokensAfter: Bool {
        guard let operation = route.operation, let expiry = behaviours.tokenExpiry else { return false }
        return operation.behaviours.tokenEffects || expiry.issuers.contains { $0.operation == operation.id } || expiry.introspection?.operation == operation.id
    }

    /// Issues the token an exchange's answer names: now, for the answer's `expires_in`. A token
    /// the session issued or revoked before is not issued again: a new one takes its place in
    /// the answer.
    private func issue(
        _ token: String, by issuer: PackBehaviours.TokenExpiry.Issuer, _ expiry: PackBehaviours.TokenExpiry, answer json: JSONValue, to response: inout Response,
        tokens: inout TokenMemory
    ) {
        var record = TokenRecord(issuedAt: now, lineage: token)
        if case .number(let seconds)? = json[issuer.expiresInField] { record.expiresAt = now.addingTimeInterval(seconds.value) }
        record.dataAccessExpiresAt = expiry.dataAccessSeconds.map { now.addingTimeInterval($0) }
        // The new token is of the user, and the chain, of the token it was exchanged from.
        if let from = issuer.from, let exchanged = request.query.values(from).first {
            let judged = tokens.verdict(exchanged, provider: pack.provider, known: knownRecord(exchanged))
            record.lineage = judged.record?.lineage ?? exchanged
            record.subject = judged.record?.subject
        }
        if record.subject == nil { record.subject = knownRecord(token)?.subject }
        let issued = tokens.issue(token, provider: pack.provider, record: record)
        guard issued != token, let whole = try? JSONParser.parse(response.body),
            let renamed = whole.setting(pointer: "/" + JSONPointer.escape(issuer.tokenField), to: .string(issued))
        else { return }
        response.body = JSONWriter.bytes(renamed)
    }

    /// An introspection answer about `token` patched with what the fake knows of it. A token
    /// the fake knows gets its whole state; one only the answer knows is valid as the answer
    /// says until its own expiry has passed on the server's clock.
    private func introspect(
        _ token: String, _ introspection: PackBehaviours.TokenExpiry.Introspection, _ expiry: PackBehaviours.TokenExpiry, answer json: JSONValue,
        to response: inout Response, tokens: TokenMemory
    ) {
        let judged = tokens.verdict(token, provider: pack.provider, known: knownRecord(token))
        let record = judged.record
        let expiresAt = record?.expiresAt ?? introspection.answeredExpiry(in: json)
        let expired = expiresAt.map { $0 <= now } ?? false
        let isValid = !judged.revoked && !expired
        guard record != nil || !isValid else { return }
        var patched = json
        for (pointer, field) in introspection.set {
            let value: JSONValue?
            switch field {
            case .isValid: value = .bool(isValid)
            case .expiresAt: value = record?.expiresAt.map { .number(Self.epochSeconds($0)) }
            case .issuedAt: value = record?.issuedAt.map { .number(Self.epochSeconds($0)) }
            case .dataAccessExpiresAt: value = record?.dataAccessExpiresAt.map { .number(Self.epochSeconds($0)) }
            }
            if let value { patched = patched.setting(pointer: pointer, to: value) ?? patched }
        }
        let added: [(pointer: String, value: JSONValue)] = judged.revoked ? introspection.whenRevoked : (expired ? introspection.whenExpired : [])
        let values = ["token.expiresAt": expiresAt.map(expiry.format) ?? "", "now": expiry.format(now)]
        for (pointer, value) in added {
            patched = patched.setting(pointer: pointer, to: PackAnswer.fill(value, values)) ?? patched
        }
        response.body = JSONWriter.bytes(patched)
    }

    /// What a success answer of a revoking or permission operation changes, and what the
    /// caller's declined permissions take out of an answer.
    private func applyTokenEffects(
        _ expiry: PackBehaviours.TokenExpiry, operation: String, credential: String, to response: inout Response, tokens: inout TokenMemory
    ) {
        // An app token revokes nothing: only a user's own token speaks for the user.
        guard expiry.revocation?.isUserToken(credential) ?? true else { return }
        let known = knownRecord(credential)
        if let revocation = expiry.revocation, revocation.operations.contains(operation) {
            tokens.revoke(credential, provider: pack.provider, known: known)
            return
        }
        guard let permissions = expiry.permissions else { return }
        if permissions.revokeOperation == operation, let name = route.pathParameters[permissions.parameter] {
            tokens.decline(name, token: credential, provider: pack.provider, known: known)
            return
        }
        let guarded = permissions.fields[operation]
        guard permissions.listOperation == operation || guarded != nil else { return }
        let declined = tokens.declined(token: credential, provider: pack.provider, known: known)
        guard !declined.isEmpty, var json = try? JSONParser.parse(response.body) else { return }
        if let guarded {
            for permission in declined.sorted() {
                for member in guarded[permission] ?? [] { json = json.removing(pointer: "/" + JSONPointer.escape(member)) }
            }
        }
        if permissions.listOperation == operation, case .array(var items)? = json.at(pointer: permissions.items) {
            var listed: Set<String> = []
            for index in items.indices {
                guard case .object(var members) = items[index], let name = members[permissions.nameMember]?.stringValue else { continue }
                listed.insert(name)
                if declined.contains(name) {
                    members[permissions.statusMember] = .string(permissions.declinedStatus)
                    items[index] = .object(members)
                }
            }
            for name in declined.subtracting(listed).sorted() {
                items.append(.object([permissions.nameMember: .string(name), permissions.statusMember: .string(permissions.declinedStatus)]))
            }
            json = json.setting(pointer: permissions.items, to: .array(items)) ?? json
        }
        response.body = JSONWriter.bytes(json)
    }
}
