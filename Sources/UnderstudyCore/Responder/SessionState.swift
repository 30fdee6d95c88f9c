import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Everything one session remembers, as one value: read and changed under its session's one
/// lock, so a reset is a single assignment and no reader sees half of one.
struct SessionState {
    /// The requests it received.
    var journal: JournalRecords
    /// How far each sequence fixture has played, by file.
    var sequencePositions: [String: Int] = [:]
    /// Each scenario's state, by name (absent: `Started`).
    var scenarioStates: [String: String] = [:]
    /// How many times each fixture with a random delay has answered, by file.
    var answerCounts: [String: Int] = [:]
    /// A test's changes to fixtures' answers, by file.
    var overrides: [String: AnswerOverride] = [:]
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
