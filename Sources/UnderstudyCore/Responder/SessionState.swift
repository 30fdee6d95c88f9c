import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Everything one session remembers, as one value: read and changed under its session's one
/// lock, so a reset is a single assignment and no reader sees half of one. A decision reads it
/// without changing it; its effects (`SessionEffects`) are applied afterwards, once.
struct SessionState {
    /// The requests it received.
    var journal: JournalRecords
    /// How far each sequence fixture has played, by file.
    var sequencePositions: [String: Int] = [:]
    /// Each scenario's state, by name (absent: `Started`).
    var scenarioStates: [String: String] = [:] { didSet { scenarioVersion &+= 1 } }
    /// Counts the changes of `scenarioStates`: a decision that read them checks it.
    private(set) var scenarioVersion = 0
    /// How many times each fixture with a random delay has answered, by file.
    var answerCounts: [String: Int] = [:]
    /// A test's changes to fixtures' answers, by file.
    var overrides: [String: AnswerOverride] = [:] { didSet { overridesVersion &+= 1 } }
    /// Counts the changes of `overrides`: a decision that read them checks it.
    private(set) var overridesVersion = 0
    /// What the provider behaviours remember.
    var behaviours = BehaviourMemory()
    /// When fixtures last answered each method and path, for sequence steps that answer
    /// requests made too early (kept only when some fixture has one).
    var lastAnswered: [String: Date] = [:]
    /// How many times the session was reset: a reader polling the journal by sequence number
    /// learns from it that the numbers started again.
    var resets = 0

    init(journalCapacity: Int) {
        journal = JournalRecords(capacity: journalCapacity)
    }
}
