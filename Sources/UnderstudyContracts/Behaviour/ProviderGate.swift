import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// A provider's contract and behaviours around one request: what the real provider would
/// answer before any fixture is consulted (a missing credential, an expired token, a used-up
/// quota, an invalid parameter, a page token used too early), and what it adds to the
/// fixture's answer afterwards (rate-limit headers, tokens it issues, 304 Not Modified).
package struct ProviderGate {
    package let route: ContractRoute
    package let request: Request
    package let state: BehaviourState
    package let now: Date
    /// Known already (`ContractPlacement`, kept by the target memo): the parameters and rules pass, so they are not checked again.
    package var parametersPass = false
    /// Where the request's event loop remembers what its answers issued (`TargetMemo`), if it does.
    package var reading: AnswerReading?
    /// Where the request's event loop remembers how its credential was judged (`TargetMemo`), if it does.
    package var credentials: CredentialJudgement?
    /// The tokens the server knows from the start (the pack's and those its fixtures describe);
    /// `nil`: the pack's alone.
    package var known: KnownTokens?
    /// The OpenID Connect providers' keys and test users (`openIDConnect`), the responder's.
    package var openIDIssuers: OpenIDIssuers?

    package init(
        route: ContractRoute, request: Request, state: BehaviourState, now: Date, parametersPass: Bool = false, reading: AnswerReading? = nil,
        credentials: CredentialJudgement? = nil, known: KnownTokens? = nil, openIDIssuers: OpenIDIssuers? = nil
    ) {
        self.openIDIssuers = openIDIssuers
        self.route = route
        self.request = request
        self.state = state
        self.now = now
        self.parametersPass = parametersPass
        self.reading = reading
        self.credentials = credentials
        self.known = known
        let masks = route.operation?.behaviours.fieldMask == nil ? nil : route.pack.behaviours.fieldMask
        mask = masks?.text(in: request).flatMap(FieldMask.init)
    }

    /// The field mask the request sends, read once, for an operation that takes one.
    private let mask: FieldMask?

    /// What happened before the fixtures: the provider's own answer if it gives one, and the
    /// violation to journal.
    package struct Outcome {
        package var answer: Response?
        /// The pack answer's name, for the journal (`yelp: validationError`).
        package var answeredBy: String?
        package var violation: ContractViolation?
        /// Rate-limit headers every answer of this request carries.
        package var quotaHeaders: [HeaderField] = []

        package init(answer: Response? = nil, answeredBy: String? = nil, violation: ContractViolation? = nil, quotaHeaders: [HeaderField] = []) {
            self.answer = answer
            self.answeredBy = answeredBy
            self.violation = violation
            self.quotaHeaders = quotaHeaders
        }
    }

    private var pack: ProviderPack { route.pack }
    private var behaviours: PackBehaviours { pack.behaviours }

    package func before() -> Outcome {
        guard let operation = route.operation else {
            let wrongMethod = pack.hasPath(route.contractPath)
            let verb = wrongMethod ? "has no \(request.method) operation on" : "has no operation for"
            let violation = ContractViolation(
                provider: pack.provider, operation: nil, kind: .unknownOperation, parameter: nil,
                detail: "the \(pack.provider) contract \(verb) \(route.contractPath)")
            // HEAD stays with the fixtures: servers that answer GET answer HEAD too.
            if wrongMethod, request.method != "HEAD", let name = pack.methodNotAllowed {
                return Outcome(answer: render(name, ["method": request.method]), answeredBy: "\(pack.provider): \(name)", violation: violation)
            }
            return Outcome(violation: violation)
        }
        if let openID = behaviours.openIDConnect, let answered = openIDOutcome(openID, operation: operation) { return answered }
        let checker = RequestChecker(route: route, request: request)
        let judged = judgedCredential(checker, operation: operation)
        if let credentialFinding = judged.finding { return answer(credentialFinding) }
        let credential = judged.value
        if let credential, let refused = tokenFinding(credential, operation: operation) { return refused }
        if operation.behaviours.issuesTokens, let refused = exchangedTokenFinding(operation) { return refused }
        var outcome = Outcome()
        if let credential = judged.quotaHash, let quota = behaviours.quota {
            let window = Self.startOfDay(now)
            let (limit, counted) = state.countRequest(provider: pack.provider, credential: credential, window: window, defaultLimit: quota.limit)
            let remaining = counted.map { limit - $0 - 1 } ?? 0
            let limitText = String(limit), remainingText = String(remaining)
            let resetText = Self.resetTimes.text(for: window.addingTimeInterval(86_400))
            outcome.quotaHeaders = quota.headerTemplates.map { $0.filled(limit: limitText, remaining: remainingText, resetTime: resetText) }
            if counted == nil {
                let values = ["quota.limit": limitText, "quota.remaining": remainingText, "quota.resetTime": resetText]
                outcome.answer = render(quota.exceeded, values)
                outcome.answeredBy = "\(pack.provider): \(quota.exceeded)"
                return outcome
            }
        }
        if let use = operation.behaviours.fieldMask, let masks = behaviours.fieldMask, var refused = maskFinding(use, masks, operation) {
            refused.quotaHeaders = outcome.quotaHeaders
            return refused
        }
        if !parametersPass, let found = checker.parameterFinding() {
            var rejected = answer(found)
            rejected.quotaHeaders = outcome.quotaHeaders
            return rejected
        }
        if operation.behaviours.pageTokens, let tokens = behaviours.pageTokens, let token = pageToken(tokens) {
            let issued = state.pageTokenIssued(token, provider: pack.provider)
            let name = issued == nil ? tokens.unknown : (now.timeIntervalSince(issued!) < tokens.validAfter ? tokens.tooEarly : nil)
            if let name {
                outcome.answer = render(name, ["operation": operation.id])
                outcome.answeredBy = "\(pack.provider): \(name) (page token \(issued == nil ? "never issued" : "not valid yet"))"
            }
        }
        return outcome
    }

    /// The fixture's answer as the provider would give it: only the fields the mask asks for,
    /// tokens issued, introspection updated, 304 for a matching `If-None-Match`, rate-limit headers.
    ///
    /// `answerHolds` is the mask the answer was recorded with, when known: an answer holds no
    /// field outside it (`verify` checks), so a request asking for all of it takes the answer whole.
    package func after(_ response: inout Response, quotaHeaders: [HeaderField], answerHolds: FieldMask? = nil) {
        defer { response.replaceHeaders(with: quotaHeaders) }
        guard let operation = route.operation, (200..<300).contains(response.status) else { return }
        let operationID = operation.id
        if operation.behaviours.conditionalGet, let answer = notModified(response) {
            response = answer
            return
        }
        if let mask, !mask.isEverything, answerHolds?.isWithin(mask) != true, let whole = try? JSONParser.parse(response.body) {
            response.body = JSONWriter.bytes(mask.pruning(whole))
        }
        if operation.behaviours.tokenEffects, let expiry = behaviours.tokenExpiry, let credential = credentialValue {
            applyTokenEffects(expiry, operation: operationID, credential: credential, to: &response)
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
            let scan = { JSONMemberScan.members(wantedMembers(of: operation), of: body) }
            guard let members = reading.map({ $0.members(of: body, read: scan) }) ?? scan() else { return }
            json = .object(members)
        }
        if operation.behaviours.pageTokens, let tokens = behaviours.pageTokens, let token = json[tokens.field]?.stringValue {
            state.issuePageToken(token, provider: pack.provider, at: now)
        }
        guard let expiry = behaviours.tokenExpiry else { return }
        for issuer in expiry.issuers where issuer.operation == operationID {
            if let token = json[issuer.tokenField]?.stringValue { issue(token, by: issuer, expiry, answer: json, to: &response) }
        }
        if let introspection = expiry.introspection, introspection.operation == operationID,
            let token = request.query.values(introspection.parameter).first
        {
            introspect(token, introspection, expiry, answer: json, to: &response)
        }
    }

    /// Issues the token an exchange's answer names: now, for the answer's `expires_in`. A token
    /// the session issued or revoked before is not issued again: a new one takes its place in
    /// the answer.
    private func issue(_ token: String, by issuer: PackBehaviours.TokenExpiry.Issuer, _ expiry: PackBehaviours.TokenExpiry, answer json: JSONValue, to response: inout Response) {
        var record = TokenRecord(issuedAt: now, lineage: token)
        if case .number(let seconds)? = json[issuer.expiresInField] { record.expiresAt = now.addingTimeInterval(seconds.value) }
        record.dataAccessExpiresAt = expiry.dataAccessSeconds.map { now.addingTimeInterval($0) }
        // The new token is of the user, and the chain, of the token it was exchanged from.
        if let from = issuer.from, let exchanged = request.query.values(from).first {
            let judged = state.judgeToken(exchanged, provider: pack.provider, known: knownRecord(exchanged))
            record.lineage = judged.record?.lineage ?? exchanged
            record.subject = judged.record?.subject
        }
        if record.subject == nil { record.subject = knownRecord(token)?.subject }
        let issued = state.issueAccessToken(token, provider: pack.provider, record: record)
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
        to response: inout Response
    ) {
        let judged = state.judgeToken(token, provider: pack.provider, known: knownRecord(token))
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
    private func applyTokenEffects(_ expiry: PackBehaviours.TokenExpiry, operation: String, credential: String, to response: inout Response) {
        // An app token revokes nothing: only a user's own token speaks for the user.
        guard expiry.revocation?.isUserToken(credential) ?? true else { return }
        let known = knownRecord(credential)
        if let revocation = expiry.revocation, revocation.operations.contains(operation) {
            state.revokeAccessToken(credential, provider: pack.provider, known: known)
            return
        }
        guard let permissions = expiry.permissions else { return }
        if permissions.revokeOperation == operation, let name = route.pathParameters[permissions.parameter] {
            state.declinePermission(name, token: credential, provider: pack.provider, known: known)
            return
        }
        let guarded = permissions.fields[operation]
        guard permissions.listOperation == operation || guarded != nil else { return }
        let declined = state.declinedPermissions(token: credential, provider: pack.provider, known: known)
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

    /// `date` in whole seconds since 1970. A token's expiry comes from a fixture's `expires_in`,
    /// as large as it likes (`1e300`): past Int it is written as the number it is, where
    /// Int(_:) trapped.
    package static func epochSeconds(_ date: Date) -> JSONNumber {
        let seconds = date.timeIntervalSince1970.rounded(.towardZero)
        return Int(exactly: seconds).map(JSONNumber.init) ?? JSONNumber(text: String(seconds)) ?? JSONNumber(0)
    }

    /// Whether `after` reads the fixture answer's body (to prune it to a mask, or to learn the
    /// tokens it issues).
    package var readsAnswerBody: Bool {
        guard let behaviours = route.operation?.behaviours else { return false }
        return behaviours.readsAnswers || behaviours.fieldMask != nil || behaviours.tokenEffects
    }

    // MARK: tokens

    /// The provider's answer to a request whose credential is a token it no longer accepts
    /// (revoked, expired) or whose `appsecret_proof` does not hold; `nil` when it passes.
    private func tokenFinding(_ credential: String, operation: ContractOperation) -> Outcome? {
        let expiry = behaviours.tokenExpiry, proof = behaviours.appSecretProof
        guard expiry != nil || proof != nil else { return nil }
        let judged = state.judgeToken(credential, provider: pack.provider, known: knownRecord(credential))
        if let expiry, let refused = stateFinding(judged.record, revoked: judged.revoked, expiry, operation: operation) { return refused }
        guard let proof else { return nil }
        let secret = judged.appSecret?.secret ?? proof.secret
        guard let sent = request.query.values(proof.parameter).first else {
            guard judged.appSecret?.required ?? proof.required else { return nil }
            return Outcome(answer: render(proof.missing, ["operation": operation.id]), answeredBy: "\(pack.provider): \(proof.missing)")
        }
        // Without a secret there is nothing to check the proof against.
        guard let secret, !proof.holds(sent, for: credential, secret: secret) else { return nil }
        return Outcome(answer: render(proof.invalid, ["operation": operation.id]), answeredBy: "\(pack.provider): \(proof.invalid)")
    }

    /// The answer to a token that is revoked, or expired on the server's clock; `nil` otherwise.
    private func stateFinding(_ record: TokenRecord?, revoked: Bool, _ expiry: PackBehaviours.TokenExpiry, operation: ContractOperation) -> Outcome? {
        if revoked, let revocation = expiry.revocation {
            return Outcome(answer: render(revocation.revoked, ["operation": operation.id]), answeredBy: "\(pack.provider): \(revocation.revoked)")
        }
        guard let expiresAt = record?.expiresAt, expiresAt <= now else { return nil }
        let values = ["token.expiresAt": expiry.format(expiresAt), "now": expiry.format(now), "operation": operation.id]
        return Outcome(answer: render(expiry.expired, values), answeredBy: "\(pack.provider): \(expiry.expired)")
    }

    /// The answer to an exchange of a token that is revoked or expired: it is not exchanged.
    private func exchangedTokenFinding(_ operation: ContractOperation) -> Outcome? {
        guard let expiry = behaviours.tokenExpiry else { return nil }
        for issuer in expiry.issuers where issuer.operation == operation.id {
            guard let from = issuer.from, let token = request.query.values(from).first else { continue }
            let judged = state.judgeToken(token, provider: pack.provider, known: knownRecord(token))
            if let refused = stateFinding(judged.record, revoked: judged.revoked, expiry, operation: operation) { return refused }
        }
        return nil
    }

    /// What the pack and the fixtures say of `token`.
    private func knownRecord(_ token: String) -> TokenRecord? {
        (known ?? .packsOnly).record(token, in: pack)
    }

    /// The credential the request carries, as the operation's security places it.
    private var credentialValue: String? {
        guard case .value(let value)? = route.operation?.credential?.find(in: request) else { return nil }
        return value
    }

    /// The provider's answer to a request whose field mask it refuses: none where one is
    /// required, or a path the answer cannot hold; `nil` when the mask passes.
    private func maskFinding(_ use: PackBehaviours.FieldMasks.Use, _ masks: PackBehaviours.FieldMasks, _ operation: ContractOperation) -> Outcome? {
        guard let mask else {
            guard use == .required else { return nil }
            let violation = ContractViolation(
                provider: pack.provider, operation: operation.id, kind: .missingParameter, parameter: masks.header,
                detail: "\(operation.id) requires a field mask (the \(masks.header) header" + masks.parameters.map { " or parameter \($0)" }.joined() + ")")
            return Outcome(answer: render(masks.missing, ["operation": operation.id]), answeredBy: "\(pack.provider): \(masks.missing)", violation: violation)
        }
        // Named in the answer and the journal, so redacted by shape: a key pasted into a mask stays out of both.
        guard let unknown = operation.maskFields?.unknownPath(in: mask).map(Redaction.shapesRedacted) else { return nil }
        let violation = ContractViolation(
            provider: pack.provider, operation: operation.id, kind: .invalidParameter, parameter: masks.header,
            detail: "the field mask names \(unknown), which no answer of \(operation.id) holds")
        return Outcome(
            answer: render(masks.unknownPath, ["operation": operation.id, "path": unknown, "parameter": masks.header]),
            answeredBy: "\(pack.provider): \(masks.unknownPath)", violation: violation)
    }

    /// The mask a fixture of this operation was recorded with (an exact condition on the mask
    /// header or parameter); `nil` when it records none or the operation takes no mask.
    package func recordedMask(of pattern: RequestPattern) -> FieldMask? {
        guard route.operation?.behaviours.fieldMask != nil, let masks = behaviours.fieldMask else { return nil }
        // The checks walked, not `headers`/`query`: those build a dictionary on every call.
        let header = masks.header.lowercased()
        if case .equals(let text)? = pattern.headerChecks.first(where: { $0.name == header })?.condition { return FieldMask(text) }
        for name in masks.parameters {
            if case .equals(let text)? = pattern.queryChecks.first(where: { $0.name == name })?.condition { return FieldMask(text) }
        }
        return nil
    }

    /// The SKU the real request would be billed at: its field mask priced by the pack's table.
    package var charge: Charge? {
        guard let operation = route.operation, let billing = pack.billing, let mask else { return nil }
        return billing.charge(operation: operation.id, mask: mask)
    }

    /// The page token the request carries: its query parameter, or its body's member.
    private func pageToken(_ tokens: PackBehaviours.PageTokens) -> String? {
        guard tokens.inBody else { return request.query.values(tokens.parameter).first }
        return JSONMemberScan.members([tokens.parameter], of: request.body)?[tokens.parameter]?.stringValue
    }

    // MARK: helpers

    /// The request's credential judged, by the checker or as the event loop judged the same text before.
    private func judgedCredential(_ checker: RequestChecker, operation: ContractOperation) -> CredentialJudgement.Judged {
        let source = credentials == nil ? nil : operation.credential?.source(in: request)
        if let source, let kept = credentials?.judged(for: source) { return kept }
        let (finding, value) = checker.credential()
        let judged = CredentialJudgement.Judged(finding: finding, value: value, counted: behaviours.quota != nil)
        if let source { credentials?.keep(judged, for: source) }
        return judged
    }

    /// The top-level members `after` reads from an answer of `operation` that is not an
    /// introspection answer (which it reads, and patches, whole): page tokens and issued tokens.
    private func wantedMembers(of operation: ContractOperation) -> Set<String> {
        var wanted: Set<String> = []
        if operation.behaviours.pageTokens, let tokens = behaviours.pageTokens { wanted.insert(tokens.field) }
        for issuer in behaviours.tokenExpiry?.issuers ?? [] where issuer.operation == operation.id {
            wanted.formUnion([issuer.tokenField, issuer.expiresInField])
        }
        return wanted
    }

    private func answer(_ found: RequestChecker.Finding) -> Outcome {
        guard let name = found.answer else { return Outcome(violation: found.violation) }
        return Outcome(answer: render(name, found.values), answeredBy: "\(pack.provider): \(name)", violation: found.violation)
    }

    private func render(_ name: String, _ values: [String: String]) -> Response {
        var values = values
        values["now"] = values["now"] ?? ISO8601Time.string(from: now, zone: .offset)
        // Loading checked that every named answer exists; say so plainly if one still does not.
        guard let answer = pack.answer(name, for: route.operation) else {
            return .json(["understudy": ["error": .string("\(pack.file) names answer \"\(name)\", which it does not define")]], status: 500)
        }
        return answer.response(values)
    }

    /// A 304 with the validators of `response` when the request's `If-None-Match` names its ETag.
    private func notModified(_ response: Response) -> Response? {
        guard let etag = response.headerValue("ETag"), let condition = request.headerValues("If-None-Match").first else { return nil }
        let listed = condition.split(separator: ",").map { Self.opaqueTag($0) }
        guard listed.contains("*") || listed.contains(Self.opaqueTag(Substring(etag))) else { return nil }
        let kept = response.headers.filter { field in ["ETag", "Last-Modified", "Cache-Control", "Expires", "Date", "Vary"].contains { field.hasName($0) } }
        return Response(status: 304, headers: kept, body: [], delay: response.delay)
    }

    /// An entity tag without the weak marker, for the weak comparison `If-None-Match` uses.
    private static func opaqueTag(_ text: Substring) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
    }

    package static func startOfDay(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    /// Reset times written once per window: every request of a day has the same reset time.
    package static let resetTimes = FormattedDateCache()
}

/// The last date written and its text, for a value that changes once a day.
package final class FormattedDateCache: Sendable {
    private let last = Locked<(date: Date, text: String)?>(nil)

    package func text(for date: Date) -> String {
        if let cached = last.withLock({ $0 }), cached.date == date { return cached.text }
        let text = ISO8601Time.string(from: date, zone: .offset)
        last.withLock { $0 = (date, text) }
        return text
    }
}
