/// What one session of a responder sees and changes: its journal, the positions of its
/// sequences, its scenario states, its random-delay counts and its overrides.
///
/// Requests without a session header share the responder's default session; requests with
/// `X-Understudy-Session: ID` get session `ID`, so UI tests whose app runs in another process
/// can share one server without seeing each other's requests or state.
public final class ResponderSession: Sendable {
    /// The session's id; `nil` for the default session.
    public let id: String?
    /// The requests this session received.
    public let journal: Journal
    private let index: FixtureIndex
    private let sequencePositions = Locked([String: Int]())
    private let scenarioStates = Locked([String: String]())
    private let answerCounts = Locked([String: Int]())
    private let overrides = Locked([String: AnswerOverride]())
    /// What the provider behaviours remember: quotas, issued tokens.
    let behaviours = BehaviourState()

    init(id: String?, index: FixtureIndex, journalCapacity: Int) {
        self.id = id
        self.index = index
        journal = Journal(capacity: journalCapacity)
    }

    /// Every scenario the fixtures name, with its state in this session.
    public var scenarios: [String: String] {
        let states = scenarioStates.withLock { $0 }
        var all: [String: String] = [:]
        for case let step? in index.fixtures.map(\.scenario) { all[step.name] = states[step.name] ?? ScenarioStep.initialState }
        return all
    }

    /// Puts scenario `name` in `state` (a test's shortcut to the middle of a flow).
    /// - Returns: false when no fixture names the scenario.
    @discardableResult
    public func setScenario(_ name: String, to state: String) -> Bool {
        guard index.fixtures.contains(where: { $0.scenario?.name == name }) else { return false }
        scenarioStates.withLock { $0[name] = state }
        return true
    }

    /// Changes fixture `file`'s answer until `reset` or `removeOverrides`.
    /// - Returns: false when no fixture has that file name.
    @discardableResult
    public func override(_ file: String, with override: AnswerOverride) -> Bool {
        guard index.fixtures.contains(where: { $0.file == file }) else { return false }
        overrides.withLock { $0[file] = override }
        return true
    }

    /// The overrides in force, by fixture file.
    public var activeOverrides: [String: AnswerOverride] { overrides.withLock { $0 } }

    /// Removes every override.
    public func removeOverrides() {
        overrides.withLock { $0.removeAll() }
    }

    /// Clears the journal, rewinds every sequence and every random delay, returns every
    /// scenario to `Started`, removes every override, and forgets quotas and issued tokens.
    public func reset() {
        removeOverrides()
        journal.reset()
        sequencePositions.withLock { $0.removeAll() }
        scenarioStates.withLock { $0.removeAll() }
        answerCounts.withLock { $0.removeAll() }
        behaviours.reset()
    }

    /// Sets `provider`'s daily quota in this session (`nil`: its pack's limit again); requests
    /// counted so far still count.
    public func setQuotaLimit(_ limit: Int?, for provider: String) {
        behaviours.setQuotaLimit(limit, for: provider)
    }

    // MARK: used while answering

    /// The override of `file`, if any (one lock, skipped work when there are none).
    func activeOverride(for file: String) -> AnswerOverride? {
        overrides.withLock { $0.isEmpty ? nil : $0[file] }
    }

    /// Runs `match` with the scenario states and applies the transition of the fixture it
    /// found, under one lock, so concurrent requests see transitions in a single order.
    func withScenarios(_ match: ((String) -> String) -> Fixture?) -> Fixture? {
        scenarioStates.withLock { states in
            let current = states  // a copy-on-write snapshot the lookups can capture
            let found = match { current[$0] ?? ScenarioStep.initialState }
            if let step = found?.scenario, let next = step.moveTo { states[step.name] = next }
            return found
        }
    }

    /// The scenario states now, for near-miss reports.
    var scenarioState: (String) -> String {
        let states = scenarioStates.withLock { $0 }
        return { states[$0] ?? ScenarioStep.initialState }
    }

    /// How many times the fixture has answered before, for seeding random delays (a fixed
    /// delay needs no count, so it takes no lock).
    func nextAnswerCount(of fixture: Fixture, delay: Delay) -> Int {
        if case .fixed = delay { return 0 }
        return answerCounts.withLock { counts in
            defer { counts[fixture.file, default: 0] += 1 }
            return counts[fixture.file, default: 0]
        }
    }

    /// The response to play now: sequences advance on each match and stay on their last step.
    func nextPosition(in fixture: Fixture) -> Int {
        guard fixture.responses.count > 1 else { return 0 }
        return sequencePositions.withLock { positions in
            let position = positions[fixture.file, default: 0]
            positions[fixture.file] = position + 1
            return min(position, fixture.responses.count - 1)
        }
    }
}
