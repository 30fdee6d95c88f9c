import Foundation
import UnderstudyFixtures
import UnderstudyContracts

/// What a decision read of its session's state. The decision is taken from the state as it
/// was, without effects; before its effects are applied, under the session's lock, the
/// session checks that these reads still hold, and the decision is taken again when they do not.
struct SessionReads {
    /// What the provider behaviours read (quota, page token, tokens).
    var behaviours = BehaviourReads()
    /// The session's reset count: a reset in between undoes everything the decision read.
    var resets = 0
    /// The scenario states' version, when a scenario could choose the fixture.
    var scenarios: Int?
    /// The overrides' version, when a fixture was chosen (its override was looked up).
    var overrides: Int?
    /// A sequence fixture's position, by file.
    var sequence: (file: String, position: Int)?
    /// When answers on a method and path were last given, for a fixture that answers requests
    /// made too early.
    var lastAnswered: (key: String, time: Date?)?
}

/// What a decision changes in its session's state, applied once, under the session's lock,
/// with the request's journal entry.
struct SessionEffects {
    /// What the provider behaviours change (a request counted, tokens issued or revoked, page
    /// tokens issued).
    var behaviours = BehaviourEffects()
    /// A scenario moved to a state.
    var scenario: (name: String, state: String)?
    /// A sequence fixture's next position.
    var sequence: (file: String, position: Int)?
    /// When answers on a method and path were last given.
    var lastAnswered: (key: String, time: Date)?
    /// A fixture with a random delay whose answers are counted (the count seeds its delay).
    var countsAnswerOf: String?
}

extension SessionState {
    /// What applying a decision's effects gave: the counts the answer's headers and delay are
    /// written from.
    struct Applied {
        /// How many requests the quota counted before this one, when it counted it.
        var countedBefore: Int?
        /// How many times the fixture answered before, when its answers are counted.
        var answerCount: Int?
    }

    /// Whether everything `reads` says is still so.
    func holds(_ reads: SessionReads) -> Bool {
        guard reads.resets == resets, behaviours.holds(reads.behaviours) else { return false }
        if let version = reads.scenarios, version != scenarioVersion { return false }
        if let version = reads.overrides, version != overridesVersion { return false }
        if let read = reads.sequence, sequencePositions[read.file, default: 0] != read.position { return false }
        if let read = reads.lastAnswered, lastAnswered[read.key] != read.time { return false }
        return true
    }

    /// Applies a decision's effects, which `holds` found still valid.
    mutating func apply(_ effects: SessionEffects) -> Applied {
        var applied = Applied()
        if !effects.behaviours.isEmpty { applied.countedBefore = behaviours.apply(effects.behaviours) }
        if let move = effects.scenario { scenarioStates[move.name] = move.state }
        if let next = effects.sequence { sequencePositions[next.file] = next.position }
        if let last = effects.lastAnswered { lastAnswered[last.key] = last.time }
        if let file = effects.countsAnswerOf {
            applied.answerCount = answerCounts[file, default: 0]
            answerCounts[file, default: 0] += 1
        }
        return applied
    }
}
