import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// A provider's contract and behaviours around one request: what the real provider would
/// answer before any fixture is consulted (a missing credential, an expired token, a used-up
/// quota, an invalid parameter, a page token used too early), and what it adds to the
/// fixture's answer afterwards (rate-limit headers, tokens it issues, 304 Not Modified).
///
/// The gate has no effects. It reads the session's behaviour memory as it was (`before`) or a
/// copy of its tokens (`after`) and says what it read and what it would change
/// (`BehaviourReads`, `BehaviourEffects`); the responder applies the changes once, under the
/// session's lock, after checking that the reads still hold.
///
/// A class: made once per request, it checks the request when made (`checks`), and each step of
/// the decision shares it rather than copying the request it holds.
package final class ProviderGate {
    package let route: ContractRoute
    package let request: Request
    package let now: Date
    /// Known already (`ContractPlacement`, kept by the target memo): the parameters and rules pass, so they are not checked again.
    package let parametersPass: Bool
    /// Where the request's event loop remembers what its answers issued (`TargetMemo`), if it does.
    package let reading: AnswerReading?
    /// Where the request's event loop remembers how its credential was judged (`TargetMemo`), if it does.
    package let credentials: CredentialJudgement?
    /// The tokens the server knows from the start (the pack's and those its fixtures describe);
    /// `nil`: the pack's alone.
    package let known: KnownTokens?
    /// The OpenID Connect providers' keys and test users (`openIDConnect`), the responder's.
    package let openIDIssuers: OpenIDIssuers?

    package init(
        route: ContractRoute, request: Request, now: Date, parametersPass: Bool = false, reading: AnswerReading? = nil,
        credentials: CredentialJudgement? = nil, known: KnownTokens? = nil, openIDIssuers: OpenIDIssuers? = nil
    ) {
        self.openIDIssuers = openIDIssuers
        self.route = route
        self.request = request
        self.now = now
        self.parametersPass = parametersPass
        self.reading = reading
        self.credentials = credentials
        self.known = known
        let masks = route.operation?.behaviours.fieldMask == nil ? nil : route.pack.behaviours.fieldMask
        mask = masks?.text(in: request).flatMap(FieldMask.init)
        checks = Checks()
        checks = check()
    }

    /// What the request alone decides, found when the gate is made. Set once, in `init`, on
    /// the one thread that makes the gate: the runtime's exclusivity check is left out.
    @exclusivity(unchecked) package private(set) var checks: Checks

    /// The field mask the request sends, read once, for an operation that takes one.
    let mask: FieldMask?

    /// What happened before the fixtures: the provider's own answer if it gives one, and the
    /// violation to journal.
    package struct Outcome {
        package var answer: Response?
        /// The pack answer's name, for the journal (`yelp: validationError`).
        package var answeredBy: String?
        package var violation: ContractViolation?
        /// The request's standing against its provider's quota: every answer of the request
        /// carries the rate-limit headers it gives (`quotaHeaders`).
        package var quota: QuotaStanding?

        package init(answer: Response? = nil, answeredBy: String? = nil, violation: ContractViolation? = nil) {
            self.answer = answer
            self.answeredBy = answeredBy
            self.violation = violation
        }
    }

    var pack: ProviderPack { route.pack }
    var behaviours: PackBehaviours { pack.behaviours }

    /// What the gate finds from the request alone, before the session's memory is read: taken
    /// outside the session's lock, and kept in the order `before` answers them.
    package struct Checks {
        /// The answer to a request the provider refuses whatever the session remembers: no
        /// such operation, a missing or invalid credential.
        var refusal: Refusal?
        /// The credential's value, when the operation takes one and it passes.
        var credential: String?
        /// The hash its quota counts it by, when a quota does.
        var quotaHash: UInt64?
        /// The answer to a refused field mask, else to refused parameters: given after the
        /// quota counted the request.
        var laterRefusal: Refusal?
        /// The page token the request carries, for an operation that issues them.
        var pageToken: String?

        /// Whether the provider answers the request itself whatever the session remembers: a
        /// refusal found here is given, or one the session's state finds first.
        package var answerIsTheProvider: Bool {
            if let refusal { return refusal.outcome.answer != nil }
            return laterRefusal?.outcome.answer != nil
        }
    }

    /// A refusal the checks found, kept by reference: refusals are rare, and an outcome (an
    /// answer, a violation) is large beside the rest of the checks.
    package final class Refusal {
        let outcome: Outcome

        init(_ outcome: Outcome) {
            self.outcome = outcome
        }
    }

    /// The checks that need no session: the operation, the credential, the field mask, the
    /// parameters and rules (unless known to pass), the page token sent.
    private func check() -> Checks {
        var checks = Checks()
        guard let operation = route.operation else {
            checks.refusal = Refusal(unknownOperation())
            return checks
        }
        let checker = RequestChecker(route: route, request: request)
        let judged = judgedCredential(checker, operation: operation)
        if let finding = judged.finding {
            checks.refusal = Refusal(answer(finding))
            return checks
        }
        checks.credential = judged.value
        checks.quotaHash = judged.quotaHash
        if let use = operation.behaviours.fieldMask, let masks = behaviours.fieldMask, let refused = maskFinding(use, masks, operation) {
            checks.laterRefusal = Refusal(refused)
        } else if !parametersPass, let found = checker.parameterFinding() {
            checks.laterRefusal = Refusal(answer(found))
        }
        if operation.behaviours.pageTokens, let tokens = behaviours.pageTokens { checks.pageToken = pageToken(tokens) }
        return checks
    }

    /// What the provider answers before the fixtures, given `checks` and the session's
    /// behaviour `memory` as it is: refusals in the provider's order (credential, token state,
    /// quota, field mask, parameters, page token). Reads nothing else and changes nothing:
    /// what it read goes into `reads`, what it would change (a request counted) into `effects`.
    package func before(memory: BehaviourMemory, reads: inout BehaviourReads, effects: inout BehaviourEffects) -> Outcome {
        // An OpenID Connect provider's own operations (discovery, keys, uninstall) take no credential.
        if let operation = route.operation, let openID = behaviours.openIDConnect,
            let answered = openIDOutcome(openID, operation: operation, memory: memory, reads: &reads, effects: &effects)
        {
            return answered
        }
        if let refusal = checks.refusal { return refusal.outcome }
        guard let operation = route.operation else { return Outcome() }
        if let credential = checks.credential, let refused = tokenFinding(credential, operation: operation, memory: memory, reads: &reads) { return refused }
        if operation.behaviours.issuesTokens, let refused = exchangedTokenFinding(operation, memory: memory, reads: &reads) { return refused }
        var outcome = Outcome()
        if let credential = checks.quotaHash, let quota = behaviours.quota {
            let standing = memory.quotaStanding(provider: pack.provider, credential: credential, window: Self.startOfDay(now), defaultLimit: quota.limit)
            reads.quota = standing
            outcome.quota = standing
            guard standing.countedBefore != nil else {
                let values = [
                    "quota.limit": String(standing.limit), "quota.remaining": String(standing.remaining), "quota.resetTime": resetText(standing),
                ]
                outcome.answer = render(quota.exceeded, values)
                outcome.answeredBy = "\(pack.provider): \(quota.exceeded)"
                return outcome
            }
            effects.quota = standing
        }
        if var refused = checks.laterRefusal?.outcome {
            refused.quota = outcome.quota
            return refused
        }
        if let dialog = behaviours.authorizationDialog, var answered = dialogOutcome(dialog, operation: operation, memory: memory, reads: &reads, effects: &effects) {
            answered.quota = outcome.quota
            return answered
        }
        if let token = checks.pageToken, let tokens = behaviours.pageTokens {
            let issued = memory.pageTokenIssued(token, provider: pack.provider)
            reads.pageToken = (pack.provider, token, issued)
            let name = issued == nil ? tokens.unknown : (now.timeIntervalSince(issued!) < tokens.validAfter ? tokens.tooEarly : nil)
            if let name {
                outcome.answer = render(name, ["operation": operation.id])
                outcome.answeredBy = "\(pack.provider): \(name) (page token \(issued == nil ? "never issued" : "not valid yet"))"
            }
        }
        return outcome
    }

    /// The rate-limit headers every answer of a request carries, given its quota standing and
    /// how many requests were counted before it when it was counted (`nil`: refused).
    package func quotaHeaders(_ standing: QuotaStanding, countedBefore: Int?) -> [HeaderField] {
        guard let quota = behaviours.quota else { return [] }
        let remaining = countedBefore.map { standing.limit - $0 - 1 } ?? 0
        let limitText = String(standing.limit), remainingText = String(remaining), resetText = resetText(standing)
        return quota.headerTemplates.map { $0.filled(limit: limitText, remaining: remainingText, resetTime: resetText) }
    }

    /// When the quota's window ends, as the headers write it.
    private func resetText(_ standing: QuotaStanding) -> String {
        Self.resetTimes.text(for: standing.window.addingTimeInterval(86_400))
    }

    private func unknownOperation() -> Outcome {
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
    private func tokenFinding(_ credential: String, operation: ContractOperation, memory: BehaviourMemory, reads: inout BehaviourReads) -> Outcome? {
        let expiry = behaviours.tokenExpiry, proof = behaviours.appSecretProof
        guard expiry != nil || proof != nil else { return nil }
        reads.tokens = memory.tokens.version
        let judged = memory.tokens.verdict(credential, provider: pack.provider, known: knownRecord(credential))
        if let expiry, let refused = stateFinding(judged.record, revoked: judged.revoked, expiry, operation: operation) { return refused }
        guard let proof else { return nil }
        let appSecret = memory.tokens.appSecret(for: pack.provider)
        let secret = appSecret?.secret ?? proof.secret
        guard let sent = request.query.values(proof.parameter).first else {
            guard appSecret?.required ?? proof.required else { return nil }
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
    private func exchangedTokenFinding(_ operation: ContractOperation, memory: BehaviourMemory, reads: inout BehaviourReads) -> Outcome? {
        guard let expiry = behaviours.tokenExpiry else { return nil }
        for issuer in expiry.issuers where issuer.operation == operation.id {
            guard let from = issuer.from, let token = request.query.values(from).first else { continue }
            reads.tokens = memory.tokens.version
            let judged = memory.tokens.verdict(token, provider: pack.provider, known: knownRecord(token))
            if let refused = stateFinding(judged.record, revoked: judged.revoked, expiry, operation: operation) { return refused }
        }
        return nil
    }

    /// What the pack and the fixtures say of `token`.
    func knownRecord(_ token: String) -> TokenRecord? {
        (known ?? .packsOnly).record(token, in: pack)
    }

    /// The credential the request carries, as the operation's security places it.
    var credentialValue: String? {
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
    func wantedMembers(of operation: ContractOperation) -> Set<String> {
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

    func render(_ name: String, _ values: [String: String]) -> Response {
        var values = values
        values["now"] = values["now"] ?? ISO8601Time.string(from: now, zone: .offset)
        // Loading checked that every named answer exists; say so plainly if one still does not.
        guard let answer = pack.answer(name, for: route.operation) else {
            return .json(["understudy": ["error": .string("\(pack.file) names answer \"\(name)\", which it does not define")]], status: 500)
        }
        return answer.response(values)
    }

    /// A 304 with the validators of `response` when the request's `If-None-Match` names its ETag.
    func notModified(_ response: Response) -> Response? {
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
