import Foundation
import UnderstudyFixtures
import UnderstudyContracts

/// A decision about a request, taken from its session's state as it was and without effects:
/// who answers, what the decision read (`SessionReads`), and what it changes (`SessionEffects`).
/// Each step fills it in place (`inout`): returned and passed by value, its answers and
/// requests were copied from one step to the next.
struct DecisionPlan {
    /// Who answers.
    enum Verdict {
        /// The provider itself, before any fixture: its pack answer, by name.
        case provider(Response, name: String)
        /// The contract, before the fixtures (a value it issued came back).
        case generated(GeneratedAnswer.Outcome)
        /// A fixture: the answer at `position`, with the test's override, for the request form it matched.
        case fixture(Fixture, matched: Request, position: Int, override: AnswerOverride?)
        /// No fixture: the recorder, the contract or a miss report, with the scenario states the
        /// report's near misses are judged in.
        case noFixture(scenarioStates: [String: String])
    }

    var verdict: Verdict = .noFixture(scenarioStates: [:])
    var reads = SessionReads()
    var effects = SessionEffects()
    /// The request's standing against its provider's quota; its answer carries the headers it gives.
    var quota: QuotaStanding?
    var violation: ContractViolation?
    /// A copy of the session's token memory, for a gate whose answers issue, revoke or describe
    /// tokens; what the answer changes in it is installed whole (its version was read).
    var tokens: TokenMemory?

    init() {}
}

extension Responder {
    /// The decision about `prepared` in the session's `state`: reads it, changes nothing.
    func plan(_ prepared: PreparedRequest, in state: SessionState) -> DecisionPlan {
        var plan = DecisionPlan()
        self.plan(prepared, in: state, into: &plan)
        return plan
    }

    /// `plan(_:in:)` into `plan`, a new plan, filled in place.
    func plan(_ prepared: PreparedRequest, in state: SessionState, into plan: inout DecisionPlan) {
        plan.reads.resets = state.resets
        if let gate = prepared.gate {
            let outcome = gate.before(memory: state.behaviours, reads: &plan.reads.behaviours, effects: &plan.effects.behaviours)
            plan.quota = outcome.quota
            plan.violation = outcome.violation
            if let answer = outcome.answer {
                plan.verdict = .provider(answer, name: outcome.answeredBy ?? gate.route.pack.provider)
                return
            }
            if gate.readsTokensAfter {
                plan.tokens = state.behaviours.tokens
                plan.reads.behaviours.tokens = state.behaviours.tokens.version
            }
        }
        switch prepared.issuedValueAnswer {
        case .answer?, .overBudget?:
            plan.verdict = .generated(prepared.issuedValueAnswer!)
            return
        case .unsatisfiable?, nil:
            break
        }
        let scenarios = index.usesScenarios && (prepared.consultedScenarios || prepared.found?.scenario != nil)
        var fixture = prepared.found, matched = prepared.matched
        if scenarios {
            plan.reads.scenarios = state.scenarioVersion
            let current = state.scenarioStates
            (fixture, matched) = match(prepared.sent, mounted: prepared.mounted) { current[$0] ?? ScenarioStep.initialState }
            if let step = fixture?.scenario, let next = step.moveTo { plan.effects.scenario = (step.name, next) }
        }
        guard let fixture else {
            plan.verdict = .noFixture(scenarioStates: state.scenarioStates)
            return
        }
        let position = self.position(in: fixture, for: prepared, state: state, plan: &plan)
        plan.reads.overrides = state.overridesVersion
        let override = state.overrides.isEmpty ? nil : state.overrides[fixture.file]
        // A random delay is seeded by how many times the fixture answered; a fixed one needs no count.
        switch override?.delay ?? fixture.responses[position].delay ?? defaultDelay {
        case .uniform?, .logNormal?: plan.effects.countsAnswerOf = fixture.file
        case .fixed?, nil: break
        }
        plan.verdict = .fixture(fixture, matched: matched, position: position, override: override)
    }

    /// The answer of `fixture` to play: sequences advance on each match and stay on their last
    /// step. A first answer for requests made too early (the fixture's `tooEarlyWithin`) is
    /// played only to one that is; a request on time passes it by, and it is spent either way.
    ///
    /// Where the contract's page-token behaviour covers the operation, it has already answered
    /// every early request by the clock, so a request that reaches the fixtures is on time;
    /// without it, a request is early when it comes within those seconds of the previous answer
    /// on the same method and path.
    private func position(in fixture: Fixture, for prepared: PreparedRequest, state: SessionState, plan: inout DecisionPlan) -> Int {
        let form = (prepared.mounted ?? prepared.sent).matching.request
        var early: ((Double) -> Bool)?
        if prepared.timed != false, index.timesAnswers(method: form.method, path: form.path) {
            let key = form.method + " " + form.path
            let previous = state.lastAnswered[key]
            plan.reads.lastAnswered = (key, previous)
            plan.effects.lastAnswered = (key, prepared.now)
            let judgedByContract = prepared.route?.operation?.behaviours.pageTokens ?? false
            early = { within in !judgedByContract && previous.map { prepared.now.timeIntervalSince($0) < within } == true }
        }
        guard fixture.responses.count > 1 else { return 0 }
        let stored = state.sequencePositions[fixture.file, default: 0]
        plan.reads.sequence = (fixture.file, stored)
        var position = min(stored, fixture.responses.count - 1)
        if position == 0, let within = fixture.tooEarlyWithin, !(early?(within) ?? false) { position = 1 }
        plan.effects.sequence = (fixture.file, position + 1)
        return position
    }
}
