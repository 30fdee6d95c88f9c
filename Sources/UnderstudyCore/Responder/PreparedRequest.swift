import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// A request as a decision needs it, with everything about it that no session state changes:
/// its session, its route and the gate's checks, the forms fixtures are matched against, the
/// answer built from the contract when that comes first, and the fixture found with every
/// scenario in its initial state. Taken outside every lock, once per request, however many
/// times the decision is then taken. A class, so that the steps share it rather than copy the
/// requests it holds.
final class PreparedRequest {
    /// A request as sent and in the form fixtures are matched against, with its API version.
    typealias Forms = (sent: Request, matching: (request: Request, version: String?))

    /// The request as sent.
    let request: Request
    /// What the provider is asked: the request with a lone provider's base path added, else the request.
    let asked: Request
    let session: ResponderSession
    /// The server's time for the whole decision.
    let now: Date
    /// Where the contracts place the request: the gate's route (every placed request has a gate).
    var route: ContractRoute? { gate?.route }
    /// The provider's gate, when a contract places the request.
    let gate: ProviderGate?
    /// The forms fixtures are matched against: the request's, and the mounted request's.
    let sent: Forms
    let mounted: Forms?
    /// What answers from the contract when no fixture does.
    let generator: GeneratedAnswer?
    /// The contract's answer, computed here when it comes before the fixtures: a value a
    /// generated answer issued (an id, a page token) leads back to the contract, which no
    /// fixture knows (and a catch-all fixture, any business id: not found, must not break the flow).
    let issuedValueAnswer: GeneratedAnswer.Outcome?
    /// The fixture found with every scenario in its initial state, and the request form it matched.
    let found: Fixture?
    let matched: Request
    /// Whether the lookup consulted a scenario's state: scenarios may then choose another fixture.
    let consultedScenarios: Bool
    /// Whether answers on the request's path are timed (`FixtureIndex.timesAnswers`), when known.
    let timed: Bool?

    init(
        request: Request, asked: Request, session: ResponderSession, now: Date, gate: ProviderGate?, sent: Forms, mounted: Forms?,
        generator: GeneratedAnswer?, issuedValueAnswer: GeneratedAnswer.Outcome?, found: Fixture?, matched: Request, consultedScenarios: Bool, timed: Bool?
    ) {
        self.request = request
        self.asked = asked
        self.session = session
        self.now = now
        self.gate = gate
        self.sent = sent
        self.mounted = mounted
        self.generator = generator
        self.issuedValueAnswer = issuedValueAnswer
        self.found = found
        self.matched = matched
        self.consultedScenarios = consultedScenarios
        self.timed = timed
    }
}

extension Responder {
    /// Prepares `request` for a decision. With `memo` (the calling event loop's), what its
    /// method and target decided before is taken from it, and what they decide now is kept in it.
    func prepare(_ request: Request, in session: ResponderSession, mounted: Request?, memo: TargetMemo?) -> PreparedRequest {
        let now = clock.now
        let asked = mounted ?? request
        // Unmounted, a request's route, form and parameter checks are kept by its target, and
        // in a memo so is its fixture, with the headers the choice read.
        let visit = mounted == nil && memo?.responder === self ? memo?.visit(request) : nil
        let placement = mounted == nil ? visit?.kept?.placement ?? contracts?.placement(of: request) : nil
        let mountedRoute = mounted.flatMap { contracts?.route($0) }
        let route = placement?.route ?? mountedRoute ?? contracts?.route(request)
        let gate = route.map { route in
            ProviderGate(
                route: route, request: asked, now: now, parametersPass: placement?.parametersPass ?? false,
                reading: route.operation?.behaviours.readsAnswers == true ? visit?.kept?.reading : nil,
                credentials: route.operation?.credential == nil ? nil : visit?.kept?.credentials, known: knownTokens, openIDIssuers: openIDIssuers)
        }
        var sent: PreparedRequest.Forms = (
            request, placement?.form(of: request) ?? Self.matchingForm(of: request, route: mountedRoute == nil ? route : contracts?.route(request))
        )
        if let named = ContractMatching.namingEnums(in: sent.matching.request, operation: route?.operation) { sent.matching.request = named }
        let mountedForms: PreparedRequest.Forms? = mounted.map { ($0, Self.matchingForm(of: $0, route: mountedRoute)) }
        // Neither fixtures nor the contract's answers matter to a request the provider answers itself.
        let answered = gate?.checks.answerIsTheProvider == true
        let generator = answered ? nil : route.flatMap { route in
            route.operation.flatMap { fallback == .contract || route.pack.fallback.mode == .contract ? GeneratedAnswer(route: route, operation: $0, request: asked) : nil }
        }
        let lookup = answered ? (found: nil, matched: request, consulted: false, reads: nil) : candidate(sent, mounted: mountedForms, known: visit?.kept?.fixture, learning: visit?.slot != nil)
        if let memo, let slot = visit?.slot, let reads = lookup.reads {
            let timed = index.timesAnswers(method: sent.matching.request.method, path: sent.matching.request.path)
            memo.keep(TargetMemo.Entry(request, placement: placement, fixture: lookup.found, reads: reads, timed: timed), at: slot)
        }
        return PreparedRequest(
            request: request, asked: asked, session: session, now: now, gate: gate, sent: sent,
            mounted: mountedForms, generator: generator, issuedValueAnswer: generator?.carriesIssuedValue == true ? generator?.outcome() : nil,
            found: lookup.found, matched: lookup.matched, consultedScenarios: lookup.consulted, timed: visit?.kept?.timed)
    }

    /// The fixture for the request with every scenario in its initial state: `known` (the
    /// memo's), else the mounted form's best match (what an SDK pointed at this port's root
    /// means), else the request's. When `learning` (unmounted), what the lookup read is
    /// returned for the memo to keep.
    private func candidate(
        _ sent: PreparedRequest.Forms, mounted: PreparedRequest.Forms?, known: Fixture?, learning: Bool
    ) -> (found: Fixture?, matched: Request, consulted: Bool, reads: FixtureIndex.MatchReads?) {
        if let known { return (known, sent.sent, false, nil) }
        var consulted = false
        func initially(_ scenario: String) -> String {
            consulted = true
            return ScenarioStep.initialState
        }
        guard learning, mounted == nil else {
            let (found, matched) = match(sent, mounted: mounted, scenarioState: initially)
            return (found, matched, consulted, nil)
        }
        var reads: FixtureIndex.MatchReads? = FixtureIndex.MatchReads()
        let found = index.bestMatch(for: sent.matching.request, version: sent.matching.version, scenarioState: initially, reads: &reads)
        return (found, sent.sent, consulted, reads)
    }

    /// The best match with scenarios in `scenarioState`, the mounted form first, with the form
    /// of the request it matched, as sent (templates read what the client sent).
    func match(_ sent: PreparedRequest.Forms, mounted: PreparedRequest.Forms?, scenarioState: (String) -> String) -> (Fixture?, Request) {
        if let mounted, let fixture = index.bestMatch(for: mounted.matching.request, version: mounted.matching.version, scenarioState: scenarioState) {
            return (fixture, mounted.sent)
        }
        return (index.bestMatch(for: sent.matching.request, version: sent.matching.version, scenarioState: scenarioState), sent.sent)
    }

    /// `request` in the contract's terms when `route` places it, else as sent.
    private static func matchingForm(of request: Request, route: ContractRoute?) -> (request: Request, version: String?) {
        route.map { ContractMatching.form(of: request, route: $0) } ?? (request, nil)
    }
}
