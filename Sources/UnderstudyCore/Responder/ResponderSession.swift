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
    /// For an entry whose decision's effects were applied before (a forwarded request's).
    func record(_ entry: JournalEntry) -> Int {
        state.withLock { keep(entry, in: &$0) }
    }

    /// Applies a decision's effects and keeps its journal entry, once, under one hold of the
    /// lock, when what the decision read still holds; `nil` when it does not (decide again).
    /// Returns the counts applied and how far over their byte budget the journals are.
    func apply(_ reads: SessionReads, _ effects: SessionEffects, entry: JournalEntry?) -> (applied: SessionState.Applied, over: Int)? {
        state.withLock { state in
            guard state.session.holds(reads) else { return nil }
            let applied = state.session.apply(effects)
            return (applied, entry.map { keep($0, in: &state) } ?? 0)
        }
    }

    /// Decides, and applies what was decided, under one hold of the lock: for a decision whose
    /// reads kept changing under it (`decide` reads the state and returns its effects and
    /// journal entry). It cannot be overtaken, so it always applies.
    func decideHoldingLock<Decided>(
        _ decide: (SessionState) -> (effects: SessionEffects, entry: JournalEntry?, decided: Decided)
    ) -> (applied: SessionState.Applied, over: Int, decided: Decided) {
        state.withLock { state in
            let (effects, entry, decided) = decide(state.session)
            let applied = state.session.apply(effects)
            return (applied, entry.map { keep($0, in: &state) } ?? 0, decided)
        }
    }

    /// Keeps `entry` (numbered here) within the journals' byte budget.
    private func keep(_ entry: JournalEntry, in state: inout (session: SessionState, detached: Bool)) -> Int {
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
}
