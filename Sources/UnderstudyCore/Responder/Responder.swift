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
    let bodies: BodyStore
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
    public let recorder: (any Forwarder)?
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
    package init(_ configuration: UnderstudyConfiguration, recorder: (any Forwarder)?, optimisticAttempts: Int = 4) {
        self.recorder = recorder
        self.optimisticAttempts = optimisticAttempts
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
        recorder: (any Forwarder)? = nil, fallback: Fallback = .miss, fixturesRoot: String? = nil
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

    /// How many times a decision is taken from the session's state before it is taken, and its
    /// effects applied, under one hold of the session's lock: past it, requests changing the same
    /// state were overtaking it each time. Tests set 0 to take every decision under the lock.
    let optimisticAttempts: Int

    /// Every decision but the waiting: a request the recorder would not forward (no provider's
    /// routes hold it) is answered here as if serving.
    ///
    /// The decision is taken in four steps: `prepare` (what needs no session state, outside
    /// every lock), `plan` (who answers, from the session's state as it is, without changing
    /// it), `produce` (the answer, outside every lock), and `ResponderSession.apply` (what the
    /// plan changes, its answer's effects and the journal entry, once, under one hold of the
    /// session's lock, if what the plan read still holds; otherwise it is planned again).
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
        let prepared = prepare(request, in: session, mounted: mounted, memo: memo)
        for _ in 0..<optimisticAttempts {
            var plan = DecisionPlan()
            session.read { self.plan(prepared, in: $0, into: &plan) }
            let produced = produce(&plan, for: prepared, recording: recording, sendingFiles: sendingFiles)
            if let applied = session.apply(plan.reads, plan.effects, entry: journalEntry(of: produced, plan: plan, for: request)) {
                return finish(plan, produced, applied: applied.applied, journalsOver: applied.over, for: prepared)
            }
        }
        // Overtaken every time: decide and apply under one hold of the lock, which nothing can overtake.
        let held = session.decideHoldingLock { state in
            var plan = self.plan(prepared, in: state)
            let produced = produce(&plan, for: prepared, recording: recording, sendingFiles: sendingFiles)
            return (plan.effects, journalEntry(of: produced, plan: plan, for: request), (plan, produced))
        }
        return finish(held.decided.0, held.decided.1, applied: held.applied, journalsOver: held.over, for: prepared)
    }

    /// The decision once its effects are applied: the answer with the rate-limit headers and
    /// the delay its counts give, or the request for the recorder to forward.
    func finish(
        _ plan: DecisionPlan, _ produced: ProducedAnswer?, applied: SessionState.Applied, journalsOver over: Int, for prepared: PreparedRequest
    ) -> Decision {
        if over > 0 { sessions.relieve(over: over, sparing: prepared.session, budget: journalBudget) }
        guard let produced else {
            return .forward(
                Forwarding(request: prepared.request, asked: prepared.asked, session: prepared.session, violation: plan.violation, charge: prepared.gate?.charge))
        }
        if let delay = produced.delay {
            produced.response.delay = delay.delay.seconds(seed: delaySeed, file: delay.file, count: applied.answerCount ?? 0)
        }
        if let standing = plan.quota, let gate = prepared.gate {
            let countedBefore = standing.countedBefore == nil ? nil : applied.countedBefore ?? standing.countedBefore
            produced.response.replaceHeaders(with: gate.quotaHeaders(standing, countedBefore: countedBefore))
        }
        if produced.replayed { recorder?.noteReplayed() }
        return .answer(produced.response)
    }

    /// The journal entry of an answer: made outside the lock, numbered under it. Only a
    /// successful request is billed.
    private func journalEntry(of produced: ProducedAnswer?, plan: DecisionPlan, for request: Request) -> JournalEntry? {
        guard let status = produced?.response.status, let answer = produced?.answer else { return nil }
        return JournalEntry(
            time: Date(), request: request, status: status, answer: answer, violation: plan.violation,
            charge: (200..<300).contains(status) ? produced?.charge : nil)
    }

    /// Whether `path` is the admin API's: the reserved prefix itself or anything below it.
    static func isAdminPath(_ path: String) -> Bool {
        path.hasPrefix(adminPrefix) && (path.utf8.count == adminPrefix.utf8.count || path.utf8.dropFirst(adminPrefix.utf8.count).first == UInt8(ascii: "/"))
    }

    /// The recorder's answer and its journal entry. Only a request the recorder `holds` is
    /// forwarded, so it always answers; were it not to, the client is told so with a 502.
    private func forward(_ forwarding: Forwarding) async -> Response {
        guard let forwarded = await recorder?.forward(forwarding.asked) else {
            let reason = "the recorder did not forward a request it holds"
            journal(forwarding.request, in: forwarding.session, status: 502, answer: .upstreamFailure(reason: reason), violation: forwarding.violation)
            return .json(["understudy": ["error": .string(reason)]], status: 502)
        }
        let response = forwarded.response
        journal(forwarding.request, in: forwarding.session, status: response.status, answer: forwarded.journalAnswer, violation: forwarding.violation, charge: forwarding.charge)
        return response
    }

    /// The journal entry of a forwarded request, once the provider answered; past the journals'
    /// byte budget, the least recently used other sessions are forgotten.
    private func journal(
        _ request: Request, in session: ResponderSession, status: Int, answer: JournalEntry.Answer, violation: ContractViolation?, charge: Charge? = nil
    ) {
        let billed = (200..<300).contains(status) ? charge : nil
        let over = session.record(JournalEntry(time: Date(), request: request, status: status, answer: answer, violation: violation, charge: billed))
        if over > 0 { sessions.relieve(over: over, sparing: session, budget: journalBudget) }
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
}
