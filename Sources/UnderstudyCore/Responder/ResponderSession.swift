import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// What one session of a responder sees and changes: its journal, the positions of its
/// sequences, its scenario states, its random-delay counts, its overrides and what the provider
/// behaviours remember, all in one `SessionState` value behind one lock.
///
/// Requests without a session header share the responder's default session; requests with
/// `X-Understudy-Session: ID` get session `ID`, so UI tests whose app runs in another process
/// can share one server without seeing each other's requests or state.
public final class ResponderSession: Sendable {
    /// The session's id; `nil` for the default session.
    public let id: String?
    private let index: FixtureIndex
    private let budget: JournalBudget
    private let state: Locked<(session: SessionState, detached: Bool)>

    /// Entries each journal buffer keeps however tight the byte budget gets.
    static let minimumKept = 10

    init(id: String?, index: FixtureIndex, journalCapacity: Int, budget: JournalBudget) {
        self.id = id
        self.index = index
        self.budget = budget
        state = Locked((SessionState(journalCapacity: journalCapacity), false))
    }

    /// The requests this session received.
    public var journal: Journal { Journal(session: self) }

    /// How many times the session was reset.
    public var resetCount: Int { read { $0.resets } }

    /// What the provider behaviours remember in this session.
    var behaviours: BehaviourState { BehaviourState(store: self) }

    /// Reads the session's state under its lock.
    func read<Result>(_ body: (SessionState) -> Result) -> Result {
        state.withLock { body($0.session) }
    }

    /// Changes the session's state under its lock.
    func update<Result>(_ body: (inout SessionState) -> Result) -> Result {
        state.withLock { body(&$0.session) }
    }

    /// Every scenario the fixtures name, with its state in this session.
    public var scenarios: [String: String] {
        let states = read { $0.scenarioStates }
        var all: [String: String] = [:]
        for case let step? in index.fixtures.map(\.scenario) { all[step.name] = states[step.name] ?? ScenarioStep.initialState }
        return all
    }

    /// Puts scenario `name` in `state` (a test's shortcut to the middle of a flow).
    /// - Returns: false when no fixture names the scenario.
    @discardableResult
    public func setScenario(_ name: String, to state: String) -> Bool {
        guard index.fixtures.contains(where: { $0.scenario?.name == name }) else { return false }
        update { $0.scenarioStates[name] = state }
        return true
    }

    /// Changes fixture `file`'s answer until `reset` or `removeOverrides`.
    /// - Returns: false when no fixture has that file name.
    @discardableResult
    public func override(_ file: String, with override: AnswerOverride) -> Bool {
        guard index.fixtures.contains(where: { $0.file == file }) else { return false }
        update { $0.overrides[file] = override }
        return true
    }

    /// The overrides in force, by fixture file.
    public var activeOverrides: [String: AnswerOverride] { read { $0.overrides } }

    /// Removes every override.
    public func removeOverrides() {
        update { $0.overrides.removeAll() }
    }

    /// Clears the journal, rewinds every sequence and every random delay, returns every
    /// scenario to `Started`, removes every override, and forgets quotas, issued and revoked
    /// tokens, declined permissions and app secrets: one change, seen whole by every request.
    public func reset() {
        let freed = state.withLock { state -> Int in
            let bytes = state.session.journal.bytes
            let resets = state.session.resets + 1
            state.session = SessionState(journalCapacity: state.session.journal.capacity)
            state.session.resets = resets
            return state.detached ? 0 : bytes
        }
        budget.add(-freed)
    }

    /// Sets `provider`'s daily quota in this session (`nil`: its pack's limit again); requests
    /// counted so far still count.
    public func setQuotaLimit(_ limit: Int?, for provider: String) {
        update { $0.behaviours.setQuotaLimit(limit, for: provider) }
    }

    /// Sets the app secret `provider`'s `appsecret_proof` is checked against in this session,
    /// and whether a request must send one; `nil` for either: the pack's.
    public func setAppSecret(_ secret: String?, requiringProof required: Bool? = nil, for provider: String) {
        let setting = secret == nil && required == nil ? nil : AppSecretSetting(secret: secret, required: required)
        update { $0.behaviours.tokens.setAppSecret(setting, for: provider) }
    }

    /// The app secret and requirement a test set for `provider` in this session (`nil`: the pack's).
    public func appSecret(for provider: String) -> (secret: String?, requiringProof: Bool?) {
        read { state in
            let setting = state.behaviours.tokens.appSecret(for: provider)
            return (setting?.secret, setting?.required)
        }
    }

    // MARK: used while answering

    /// Keeps an entry for a request in the journal, dropping this session's oldest entries
    /// while all journals are over their byte budget; returns how far over it they still are.
    func record(_ request: Request, status: Int, answer: JournalEntry.Answer, violation: ContractViolation?, charge: Charge? = nil) -> Int {
        // Made before taking the lock, and only numbered under it: the other event loop may be
        // waiting on it.
        let entry = JournalEntry(time: Date(), request: request, status: status, answer: answer, violation: violation, charge: charge)
        return state.withLock { state in
            let grown = state.session.journal.append(entry.numbered(state.session.journal.received + 1))
            guard !state.detached else { return 0 }
            var over = budget.add(grown)
            while over > 0 {
                let freed = state.session.journal.dropOldest(keeping: Self.minimumKept)
                if freed == 0 { break }
                over = budget.add(-freed)
            }
            return over
        }
    }

    /// Forgets the journal of a session its responder no longer keeps, giving its bytes back;
    /// requests still in flight in it are no longer counted.
    func detach() {
        let freed = state.withLock { state -> Int in
            guard !state.detached else { return 0 }
            state.detached = true
            let bytes = state.session.journal.bytes
            state.session.journal = JournalRecords(capacity: state.session.journal.capacity)
            return bytes
        }
        budget.add(-freed)
    }

    /// What the session gives a fixture answer: the fixture (when scenarios decide it), the
    /// answer of it to play and its override, in one visit to the state, since two event
    /// loops meet on this lock for every request.
    /// - Parameters:
    ///   - found: the fixture matched without scenario states, when they cannot change it.
    ///   - rematch: when `scenarios` is true, matches again with the scenario states, under
    ///     the lock, and the found fixture's transition is applied there, so concurrent
    ///     requests see transitions in a single order.
    ///   - timing: how a first answer for requests made too early is judged; `nil` when the
    ///     request's path has no such answer.
    func pick(
        found: Fixture?, scenarios: Bool, rematch: ((String) -> String) -> Fixture?, timing: AnswerTiming?
    ) -> (fixture: Fixture, position: Int, override: AnswerOverride?)? {
        update { state in
            var fixture = found
            if scenarios {
                let current = state.scenarioStates  // a copy-on-write snapshot the lookups can capture
                fixture = rematch { current[$0] ?? ScenarioStep.initialState }
                if let step = fixture?.scenario, let next = step.moveTo { state.scenarioStates[step.name] = next }
            }
            guard let fixture else { return nil }
            let position = Self.position(in: fixture, timing: timing, state: &state)
            return (fixture, position, state.overrides.isEmpty ? nil : state.overrides[fixture.file])
        }
    }

    /// The scenario states now, for near-miss reports.
    var scenarioState: (String) -> String {
        let states = read { $0.scenarioStates }
        return { states[$0] ?? ScenarioStep.initialState }
    }

    /// How many times the fixture has answered before, for seeding random delays (a fixed
    /// delay needs no count, so it takes no lock).
    func nextAnswerCount(of fixture: Fixture, delay: Delay) -> Int {
        if case .fixed = delay { return 0 }
        return update { state in
            defer { state.answerCounts[fixture.file, default: 0] += 1 }
            return state.answerCounts[fixture.file, default: 0]
        }
    }

    /// How a first answer for requests made too early is judged: the previous answer's time
    /// on `key` (method and path) and whether a request at `now` is early.
    struct AnswerTiming {
        let key: String
        let now: Date
        /// Whether a request is early, given the fixture's `tooEarlyWithin` and the previous answer's time.
        let early: (Double, Date?) -> Bool
    }

    /// The response to play now: sequences advance on each match and stay on their last step.
    /// A first answer for requests made too early (the fixture's `tooEarlyWithin`) is played
    /// only to one that is (judged by `timing`); a request on time passes it by, and it is
    /// spent either way.
    private static func position(in fixture: Fixture, timing: AnswerTiming?, state: inout SessionState) -> Int {
        let previous = timing.flatMap { state.lastAnswered[$0.key] }
        if let timing { state.lastAnswered[timing.key] = timing.now }
        guard fixture.responses.count > 1 else { return 0 }
        var position = min(state.sequencePositions[fixture.file, default: 0], fixture.responses.count - 1)
        if position == 0, let within = fixture.tooEarlyWithin, !(timing?.early(within, previous) ?? false) { position = 1 }
        state.sequencePositions[fixture.file] = position + 1
        return position
    }
}

extension ResponderSession: BehaviourStore {
    package func updateBehaviours<Result>(_ body: (inout BehaviourMemory) -> Result) -> Result {
        update { body(&$0.behaviours) }
    }

    package func readBehaviours<Result>(_ body: (BehaviourMemory) -> Result) -> Result {
        read { body($0.behaviours) }
    }
}
