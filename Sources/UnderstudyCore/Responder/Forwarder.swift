import UnderstudyFixtures

/// What sends requests on to the real providers while recording, as the responder knows it:
/// it hands a forwarder the requests no fixture answers (or, with `forwardsEverything`, every
/// request) that the forwarder `holds`, and journals the answer it returns. UnderstudyTooling's
/// `Recorder` is the forwarder `record` uses.
public protocol Forwarder: Sendable {
    /// Whether the responder hands the forwarder the requests no fixture answers.
    var forwardsMisses: Bool { get }
    /// Whether the responder hands the forwarder every request.
    var forwardsEverything: Bool { get }
    /// Whether `request` is one to forward: the responder answers the others as it would
    /// without recording.
    func holds(_ request: Request) -> Bool
    /// Counts a request the fixtures answered.
    func noteReplayed()
    /// Forwards `request`: the answer for the client, and who answered as the journal keeps it;
    /// `nil` when it was not forwarded after all.
    func forward(_ request: Request) async -> (response: Response, journalAnswer: JournalEntry.Answer)?
}
