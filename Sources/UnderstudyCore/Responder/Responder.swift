import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Answers requests from fixtures: the one piece of behaviour shared by the NIO server, the
/// in-process test transport and the CLI, so they can never disagree.
///
/// It is a reference type because it owns state: the default session's journal, sequences,
/// scenarios and overrides, and those of named sessions (see `ResponderSession`), all guarded
/// by locks, so one responder serves many connections at once.
public final class Responder: Sendable {
    /// The reserved path prefix of the admin API.
    public static let adminPrefix = "/__understudy"

    /// The header that puts a request in a session of its own.
    public static let sessionHeader = "X-Understudy-Session"
    /// The most named sessions kept; past it, the least recently used is forgotten.
    public static let maximumSessions = 1024
    /// The bytes all sessions' journals hold together unless told otherwise.
    public static let defaultJournalBytes = 64 << 20

    /// The fixtures and their index.
    package let index: FixtureIndex
    /// The state of requests without a session header.
    public let defaultSession: ResponderSession
    /// The default session's record of requests.
    public var journal: Journal { defaultSession.journal }
    private let bodies: BodyStore
    private let sessions: SessionTable
    /// The bytes all sessions' journals may hold together.
    let journalBudget: JournalBudget

    /// Set when one provider is served alone at the root of its port.
    public let mount: ProviderMount?
    /// The providers' contracts and behaviours; `nil` answers from fixtures alone.
    public let contracts: Contracts?
    /// The time templates read and delays wait on; a `ManualClock` in tests.
    public let clock: any ServerClock
    /// The delay of fixtures that name none.
    public let defaultDelay: Delay?
    /// The clock's time when the responder was made: a fixture's `recordedAt` is replayed as
    /// this moment, and its times age from here as the clock moves (see `TimeShift`).
    let replayStart: Date
    /// Recorded bodies with their times moved from `replayStart`, kept between answers.
    let shiftedBodies = ShiftedBodies()
    /// The access tokens known from the start: the packs' own and those the fixtures'
    /// introspection answers describe, their times moved from `replayStart` like the answers'.
    package let knownTokens: KnownTokens
    /// The OpenID Connect providers' signing keys (made on first use) and test users.
    package let openIDIssuers: OpenIDIssuers
    /// Seeds random delays: the same seed gives the same delays in every run.
    public let delaySeed: UInt64
    /// While recording, what answers the requests no fixture answers (or, in mode `all`, every
    /// request) from the real provider; `nil` when serving.
    public let recorder: Recorder?
    /// When set, every admin request must carry it in `X-Understudy-Admin-Token`; when not,
    /// the admin API answers clients on this machine only.
    public let adminToken: String?
    /// Where admin requests may come from without the admin token (`AdminGuard`): the host names
    /// they may be addressed to (the loopback names, and those the transports add) and the
    /// origins (`host:port`) the transports serve the dashboard from.
    private let own = Locked<(hosts: Set<String>, origins: Set<String>)>((["localhost", "127.0.0.1", "[::1]"], []))

    /// The host names admin requests may be addressed to without the admin token.
    package var adminHosts: Set<String> { own.withLock { $0.hosts } }
    /// The origins (`host:port`, or `host` alone) of this server's own pages.
    package var adminOrigins: Set<String> { own.withLock { $0.origins } }

    /// Lets admin requests name `host` (a name or an address: the address a server listens on,
    /// the in-process host) in `Host`, and come from pages of `host` on `port` (the loopback
    /// names too when given a port).
    package func answerAdminRequests(addressedTo host: String, port: Int? = nil) {
        own.withLock { own in
            let name = AdminGuard.hostName(ofAddress: host)
            own.hosts.insert(name)
            let names = port == nil ? [name] : [name, "localhost", "127.0.0.1", "[::1]"]
            for name in names { own.origins.insert(port.map { "\(name):\($0)" } ?? name) }
        }
    }
    /// What answers a request of a contract's operation that no fixture answers: a miss report,
    /// or an answer built from the contract. A pack may turn the latter on for its provider alone.
    public let fallback: Fallback
    /// The folder the fixtures were loaded from, when known: the dashboard shows a fixture's
    /// JSON from it. `nil` for fixtures made in memory.
    public let fixturesRoot: String?

    /// A responder as `configuration` describes it, with `recorder` forwarding what the fixtures
    /// do not answer when given. `UnderstudyConfiguration.makeResponder()` builds the recorder
    /// over the configuration's own contracts; tests may hand one in.
    package init(_ configuration: UnderstudyConfiguration, recorder: Recorder?) {
        self.recorder = recorder
        fallback = configuration.fallback
        fixturesRoot = configuration.fixturesRoot
        adminToken = configuration.adminToken
        contracts = configuration.contracts
        mount = configuration.mount
        clock = configuration.clock
        replayStart = clock.now
        defaultDelay = configuration.defaultDelay
        delaySeed = configuration.delaySeed
        let index = configuration.matchingIndex ?? Self.matchingIndex(of: configuration.fixtures, contracts: configuration.contracts)
        let budget = JournalBudget(maximumBytes: configuration.journalBytes)
        let journalCapacity = configuration.journalCapacity
        self.index = index
        knownTokens = KnownTokens(fixtures: index.fixtures, contracts: configuration.contracts, replayedFrom: replayStart)
        openIDIssuers = OpenIDIssuers(fixtures: index.fixtures, contracts: configuration.contracts)
        journalBudget = budget
        defaultSession = ResponderSession(id: nil, index: index, journalCapacity: journalCapacity, budget: budget)
        sessions = SessionTable(maximumSessions: Self.maximumSessions) { id in
            ResponderSession(id: id, index: index, journalCapacity: journalCapacity, budget: budget)
        }
        bodies = BodyStore(budget: configuration.bodyCacheBytes)
    }

    /// Shorthand for a responder of `UnderstudyConfiguration(fixtures:…)` (see its members),
    /// with `recorder`, when given, forwarding what the fixtures do not answer.
    public convenience init(
        fixtures: [Fixture], contracts: Contracts? = nil, mount: ProviderMount? = nil, clock: any ServerClock = SystemClock(), defaultDelay: Delay? = nil,
        delaySeed: UInt64 = 0, adminToken: String? = nil, journalCapacity: Int = 1000, journalBytes: Int = defaultJournalBytes, bodyCacheBytes: Int = 32 << 20,
        recorder: Recorder? = nil, fallback: Fallback = .miss, fixturesRoot: String? = nil
    ) {
        self.init(
            UnderstudyConfiguration(
                fixtures: fixtures, fixturesRoot: fixturesRoot, contracts: contracts, fallback: fallback, mount: mount, clock: clock,
                defaultDelay: defaultDelay, delaySeed: delaySeed, adminToken: adminToken, journalCapacity: journalCapacity,
                journalBytes: journalBytes, bodyCacheBytes: bodyCacheBytes),
            recorder: recorder)
    }

    /// The index requests are matched in: the fixtures as written, or, with contracts, in the
    /// contract's terms (fixtures are put in those terms once, here; requests once each, in `decide`).
    package static func matchingIndex(of fixtures: [Fixture], contracts: Contracts?) -> FixtureIndex {
        contracts.map { contracts in FixtureIndex(fixtures, forms: ContractMatching.forms(of: fixtures, in: contracts)) } ?? FixtureIndex(fixtures)
    }

    /// `matchingIndex(of:contracts:)` of the fixtures of `index`, an index of them as written
    /// (as loading builds it): `index` itself when the contracts change none of them.
    package static func matchingIndex(reusing index: FixtureIndex, contracts: Contracts?) -> FixtureIndex {
        contracts.map { contracts in index.inForm(ContractMatching.forms(of: index.fixtures, in: contracts)) } ?? index
    }

    /// The answer to `request`, and every decision about it: the admin API, the provider's
    /// contract and behaviours, the fixtures (with their sequences, scenarios, overrides,
    /// delays and faults), recording, or a miss report; and its one journal entry.
    ///
    /// Transports only carry bytes: they frame the request, call this (or `decision(for:)` and
    /// `answer(to:)`), and play the answer (its delay, dribble or fault) on the server's clock.
    public func respond(to request: Request) async -> Response {
        await answer(to: decision(for: request))
    }

    /// The decision about `request`, taken once with its effects (a quota counted, a sequence
    /// stepped, a scenario moved, the journal written): an answer now, which is every answer but
    /// one from the real provider while recording, or the request for the recorder to forward.
    /// An event loop answers the first in place, without a hop to a task, and hands the second
    /// to `answer(to:)`: nothing is decided twice.
    ///
    /// With `sendingFiles`, a large body file the answer sends unchanged is left in its file
    /// (`Response.fileBody`) for the transport to send from it. With `memo` (this responder's,
    /// kept by the calling thread alone), what the request's method and target decide is
    /// remembered for the next request with the same ones.
    package func decision(for request: Request, sendingFiles: Bool = false, memo: TargetMemo? = nil) -> Decision {
        decide(request, recording: recorder != nil, sendingFiles: sendingFiles, memo: memo)
    }

    /// The answer to `request` in place, for a responder that does not record (then every
    /// decision is an answer): the decision of `decision(for:sendingFiles:memo:)`, taken once.
    package func respondNow(to request: Request, sendingFiles: Bool = false, memo: TargetMemo? = nil) -> Response {
        precondition(recorder == nil, "while recording, take decision(for:) and answer(to:)")
        guard case .answer(let response) = decision(for: request, sendingFiles: sendingFiles, memo: memo) else {
            preconditionFailure("a responder that does not record decided to forward")
        }
        return response
    }

    /// The answer a decision gives: its own, or the real provider's through the recorder, with
    /// its journal entry.
    package func answer(to decision: Decision) async -> Response {
        switch decision {
        case .answer(let response):
            return response
        case .forward(let forwarding):
            return await forward(forwarding)
        }
    }

    /// A memo of this responder's decisions by method and target, for one thread to pass to
    /// `decision(for:sendingFiles:memo:)`: an event loop keeps one for all its connections.
    package func makeTargetMemo() -> TargetMemo {
        TargetMemo(of: self)
    }

    /// What a request needs: an answer now, or the real provider's (recording).
    package enum Decision: Sendable {
        case answer(Response)
        case forward(Forwarding)
    }

    /// A request on its way to the recorder, with what its journal entry needs.
    package struct Forwarding: Sendable {
        let request: Request
        let asked: Request
        let session: ResponderSession
        let violation: ContractViolation?
        var charge: Charge? = nil
    }

    /// Every decision but the waiting: a request the recorder would not forward (no provider's
    /// routes hold it) is answered here as if serving.
    private func decide(_ request: Request, recording: Bool, sendingFiles: Bool = false, memo: TargetMemo? = nil) -> Decision {
        let session = session(for: request)
        if Self.isAdminPath(request.path) {
            return .answer(AdminAPI(responder: self, session: session).respond(to: request))
        }
        let mounted = mount?.mounted(request)
        let asked = mounted ?? request
        if recording, let recorder, recorder.forwardsEverything, recorder.holds(asked) {
            return .forward(Forwarding(request: request, asked: asked, session: session, violation: nil))
        }
        var gate: ProviderGate?
        var outcome = ProviderGate.Outcome()
        // Unmounted, a request's route, form and parameter checks are kept by its target, and
        // in a memo so is its fixture, with the headers the choice read.
        let visit = mounted == nil && memo?.responder === self ? memo?.visit(request) : nil
        let placement = mounted == nil ? visit?.kept?.placement ?? contracts?.placement(of: request) : nil
        let mountedRoute = mounted.flatMap { contracts?.route($0) }
        let route = placement.map(\.route) ?? mountedRoute ?? contracts?.route(request)
        if let route {
            gate = ProviderGate(
                route: route, request: asked, state: session.behaviours, now: clock.now, parametersPass: placement?.parametersPass ?? false,
                reading: route.operation?.behaviours.readsAnswers == true ? visit?.kept?.reading : nil,
                credentials: route.operation?.credential == nil ? nil : visit?.kept?.credentials, known: knownTokens,
                openIDIssuers: openIDIssuers)
            outcome = gate!.before()
            if var answer = outcome.answer {
                answer.replaceHeaders(with: outcome.quotaHeaders)
                journal(request, in: session, status: answer.status, answer: .provider(outcome.answeredBy ?? route.pack.provider), violation: outcome.violation)
                return .answer(answer)
            }
        }
        // The forms fixtures are matched against: in the contract's terms when it places them.
        var sent: Forms = (request, placement?.form(of: request) ?? Self.matchingForm(of: request, route: mountedRoute == nil ? route : contracts?.route(request)))
        if let named = ContractMatching.namingEnums(in: sent.matching.request, operation: route?.operation) { sent.matching.request = named }
        let mountedForms: Forms? = mounted.map { ($0, Self.matchingForm(of: $0, route: mountedRoute)) }
        let generator = route.flatMap { route in
            route.operation.flatMap { fallback == .contract || route.pack.fallback.mode == .contract ? GeneratedAnswer(route: route, operation: $0, request: asked) : nil }
        }
        var fallbackFailure: String?
        func generated() -> Decision? {
            guard let generator else { return nil }
            switch generator.outcome() {
            case .answer(var response):
                gate?.after(&response, quotaHeaders: outcome.quotaHeaders)
                journal(request, in: session, status: response.status, answer: .generated(generator.name), violation: outcome.violation, charge: gate?.charge)
                return .answer(response)
            case .unsatisfiable(let reason):
                fallbackFailure = reason
                return nil
            case .overBudget(let reason):
                journal(request, in: session, status: 500, answer: .generated(generator.name), violation: outcome.violation)
                return .answer(GeneratedAnswer.refusal(reason))
            }
        }
        // A value a generated answer issued (an id, a page token) leads back to the contract:
        // no fixture knows it, and a catch-all fixture (any business id: not found) must not break the flow.
        if generator?.carriesIssuedValue == true, let answer = generated() { return answer }
        var learned: ((Fixture?, FixtureIndex.MatchReads) -> Void)?
        if let memo, let slot = visit?.slot {
            let matching = sent.matching.request
            learned = { found, reads in
                let timed = self.index.timesAnswers(method: matching.method, path: matching.path)
                memo.keep(TargetMemo.Entry(request, placement: placement, fixture: found, reads: reads, timed: timed), at: slot)
            }
        }
        guard
            let (fixture, matched, position, override) = pick(
                sent, mounted: mountedForms, in: session, route: route, known: visit?.kept?.fixture, timed: visit?.kept?.timed, learned: learned)
        else {
            if recording, let recorder, recorder.forwardsMisses, recorder.holds(asked) {
                return .forward(Forwarding(request: request, asked: asked, session: session, violation: outcome.violation, charge: gate?.charge))
            }
            if fallbackFailure == nil, let answer = generated() { return answer }
            let nearMisses = index.nearMisses(for: (mountedForms ?? sent).matching.request, scenarioState: session.scenarioState)
            var report = MissReport(request: asked, nearMisses: nearMisses)
            report.fallbackFailure = fallbackFailure
            var response = report.response
            response.replaceHeaders(with: outcome.quotaHeaders)
            journal(request, in: session, status: response.status, answer: .miss(nearMisses), violation: outcome.violation)
            return .answer(response)
        }
        recorder?.noteReplayed()
        let chosen = fixture.responses[position]
        let times = fixture.recordedAt == nil ? nil : route?.operation.flatMap { route?.pack.times.entry(for: $0.id) }
        // A body is left in its file only when nothing below reads or changes it.
        let leavingFiles = sendingFiles && chosen.isInFile && chosen.template == nil && times == nil && chosen.dribble == nil
            && chosen.fault == nil && override?.fault == nil && gate?.readsAnswerBody != true
        var response = render(chosen, of: fixture, for: matched, leavingFiles: leavingFiles)
        if let recordedAt = fixture.recordedAt, let times, let operation = route?.operation {
            TimeShift.apply(times, recordedAt: recordedAt, replayedFrom: replayStart, to: &response, operation: operation.id, kept: shiftedBodies)
        }
        response.dribble = chosen.dribble
        if let delay = override?.delay ?? chosen.delay ?? defaultDelay {
            response.delay = delay.seconds(seed: delaySeed, file: fixture.file, count: session.nextAnswerCount(of: fixture, delay: delay))
        }
        if let status = override?.status { response.status = status }
        if let fault = override?.fault { response.fault = fault }
        gate?.after(&response, quotaHeaders: outcome.quotaHeaders, answerHolds: gate?.recordedMask(of: fixture.request))
        journal(request, in: session, status: response.status, answer: .fixture(fixture.file), violation: outcome.violation, charge: gate?.charge)
        return .answer(response)
    }

    /// Whether `path` is the admin API's: the reserved prefix itself or anything below it.
    static func isAdminPath(_ path: String) -> Bool {
        path.hasPrefix(adminPrefix) && (path.utf8.count == adminPrefix.utf8.count || path.utf8.dropFirst(adminPrefix.utf8.count).first == UInt8(ascii: "/"))
    }

    /// The recorder's answer and its journal entry. Only a request the recorder `holds` is
    /// forwarded, so it always answers; were it not to, the client is told so with a 502.
    private func forward(_ forwarding: Forwarding) async -> Response {
        let outcome = await recorder?.record(forwarding.asked)
        guard let response = outcome?.response, let answer = outcome?.journalAnswer else {
            let reason = "the recorder did not forward a request it holds"
            journal(forwarding.request, in: forwarding.session, status: 502, answer: .upstreamFailure(reason: reason), violation: forwarding.violation)
            return .json(["understudy": ["error": .string(reason)]], status: 502)
        }
        journal(forwarding.request, in: forwarding.session, status: response.status, answer: answer, violation: forwarding.violation, charge: forwarding.charge)
        return response
    }

    /// The request's one journal entry; past the journals' byte budget, the least recently used
    /// other sessions are forgotten.
    private func journal(
        _ request: Request, in session: ResponderSession, status: Int, answer: JournalEntry.Answer, violation: ContractViolation?, charge: Charge? = nil
    ) {
        // Only a successful request is billed.
        let billed = (200..<300).contains(status) ? charge : nil
        let over = session.record(request, status: status, answer: answer, violation: violation, charge: billed)
        if over > 0 { sessions.relieve(over: over, sparing: session, budget: journalBudget) }
    }

    /// A request as sent and in the form fixtures are matched against, with its API version.
    private typealias Forms = (sent: Request, matching: (request: Request, version: String?))

    /// How a first answer for requests made too early (`tooEarlyWithin`) is judged on
    /// `request`'s path; `nil` when no such answer is on it. Where the contract's page-token
    /// behaviour covers the operation, it has already answered every early request by the
    /// clock, so a request that reaches the fixtures is on time and passes the step by;
    /// without it, a request is early when it comes within those seconds of the previous
    /// answer on the same path.
    private func answerTiming(for request: Request, route: ContractRoute?) -> ResponderSession.AnswerTiming? {
        guard index.timesAnswers(method: request.method, path: request.path) else { return nil }
        let judgedByContract = route?.operation?.behaviours.pageTokens ?? false
        let now = clock.now
        return ResponderSession.AnswerTiming(key: request.method + " " + request.path, now: now) { within, previous in
            !judgedByContract && previous.map { now.timeIntervalSince($0) < within } == true
        }
    }

    /// `request` in the contract's terms when `route` places it, else as sent.
    private static func matchingForm(of request: Request, route: ContractRoute?) -> (request: Request, version: String?) {
        route.map { ContractMatching.form(of: request, route: $0) } ?? (request, nil)
    }

    /// The fixture for the request, the base-path form first (it is what an SDK pointed at
    /// this port's root means), with the session's scenario states; the form of the request
    /// it matched, as sent (templates read what the client sent); the answer of it to play;
    /// and its override. The session's state is visited once, under its lock.
    ///
    /// `known` is the fixture remembered for the request's method and target (and headers);
    /// otherwise the first lookup tells `learned` what it found and what it read to find it.
    /// `timed`, when remembered too, says whether answers on the request's path are timed.
    private func pick(
        _ request: Forms, mounted: Forms?, in session: ResponderSession, route: ContractRoute?, known: Fixture?, timed: Bool?,
        learned: ((Fixture?, FixtureIndex.MatchReads) -> Void)?
    ) -> (Fixture, Request, Int, AnswerOverride?)? {
        var matched = request.sent
        func find(_ state: (String) -> String) -> Fixture? {
            if let mounted, let fixture = index.bestMatch(for: mounted.matching.request, version: mounted.matching.version, scenarioState: state) {
                matched = mounted.sent
                return fixture
            }
            matched = request.sent
            return index.bestMatch(for: request.matching.request, version: request.matching.version, scenarioState: state)
        }
        // Scenario states matter only when a fixture in a scenario is among the candidates.
        var consulted = false
        func initially(_ scenario: String) -> String {
            consulted = true
            return ScenarioStep.initialState
        }
        let found: Fixture?
        if let known {
            found = known
        } else if let learned, mounted == nil {
            // A call of its own rather than `find`: capturing `reads` there boxed it, an allocation per request.
            var reads: FixtureIndex.MatchReads? = FixtureIndex.MatchReads()
            found = index.bestMatch(for: request.matching.request, version: request.matching.version, scenarioState: initially, reads: &reads)
            learned(found, reads!)
        } else {
            found = find(initially)
        }
        let scenarios = index.usesScenarios && (consulted || found?.scenario != nil)
        guard found != nil || scenarios else { return nil }
        let timing = timed == false ? nil : answerTiming(for: (mounted ?? request).matching.request, route: route)
        guard let pick = session.pick(found: found, scenarios: scenarios, rematch: find, timing: timing) else { return nil }
        return (pick.fixture, matched, pick.position, pick.override)
    }

    // MARK: sessions

    /// Session `id`, created on first use (the least recently used is forgotten past `maximumSessions`).
    public func session(_ id: String) -> ResponderSession {
        sessions.session(id)
    }

    /// The named sessions kept, most recently used first.
    public var namedSessions: [ResponderSession] { sessions.sessions }

    /// The session a request belongs to: named by its header, or the default one.
    func session(for request: Request) -> ResponderSession {
        // A scan, not `headerValues`: every request asks, and almost none has the header.
        guard let id = request.headers.first(where: { $0.hasName(Self.sessionHeader) && !$0.value.isEmpty && $0.value.count <= 200 })?.value else {
            return defaultSession
        }
        return session(id)
    }

    // MARK: the default session, for tests that own the whole responder

    /// Every scenario the fixtures name, with its state in the default session.
    public var scenarios: [String: String] { defaultSession.scenarios }

    /// Puts scenario `name` in `state` in the default session.
    @discardableResult
    public func setScenario(_ name: String, to state: String) -> Bool { defaultSession.setScenario(name, to: state) }

    /// Changes fixture `file`'s answer in the default session until reset.
    @discardableResult
    public func override(_ file: String, with override: AnswerOverride) -> Bool { defaultSession.override(file, with: override) }

    /// The default session's overrides.
    public var activeOverrides: [String: AnswerOverride] { defaultSession.activeOverrides }

    /// Removes the default session's overrides.
    public func removeOverrides() { defaultSession.removeOverrides() }

    /// Resets the default session: journal, sequences, random delays, scenarios, overrides.
    public func reset() { defaultSession.reset() }

    private func render(_ response: FixtureResponse, of fixture: Fixture, for request: Request, leavingFiles: Bool) -> Response {
        if let template = response.template {
            let context = TemplateContext(request: request, pathParameters: fixture.request.path.parameters(in: request), now: clock.now)
            var headers = response.headers
            for (position, value) in template.headers { headers[position].value = value.renderHeader(context) }
            var body: [UInt8] = []
            switch template.body {
            case .json(let json): body = JSONWriter.bytes(json.render(context))
            case .text(let text): body = Array(text.render(context).utf8)
            case nil: if case .bytes(let bytes) = response.body { body = bytes }
            }
            if context.exceeded {
                let limit = TemplateContext.maximumRenderedBytes >> 20
                return Response.json(
                    ["understudy": [
                        "error": .string("the templated answer of \(fixture.file) would exceed \(limit) MB; its placeholders repeat too much of the request"),
                        "fixture": .string(fixture.file),
                    ]], status: 500)
            }
            return Response(status: response.status, headers: headers, body: body, fault: response.fault)
        }
        switch response.body {
        case .bytes(let bytes):
            return Response(status: response.status, headers: response.headers, body: bytes, fault: response.fault)
        case .file(let file):
            do {
                switch try bodies.answerBody(of: file, leavingFiles: leavingFiles) {
                case .bytes(let bytes): return Response(status: response.status, headers: response.headers, body: bytes, fault: response.fault)
                case .file(let body): return Response(status: response.status, headers: response.headers, fileBody: body, fault: response.fault)
                }
            } catch {
                // The file was there at load time; say which fixture lost it instead of failing silently.
                return Response.json(
                    ["understudy": ["error": .string("body file of \(fixture.file) cannot be read: \(error.reason)"), "fixture": .string(fixture.file)]],
                    status: 500)
            }
        }
    }
}
