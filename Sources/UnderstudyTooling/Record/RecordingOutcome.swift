import UnderstudyCore
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// What became of a request the responder handed to the recorder.
public enum RecordingOutcome: Sendable {
    /// The upstream answered and the exchange was written as a fixture; the client gets the
    /// answer as a replay of that fixture will give it.
    case recorded(Response, RecordedFixture)
    /// The same request was recorded earlier in this run (mode `missing`): that answer again.
    case replayed(Response, file: String)
    /// The upstream answered, but the exchange cannot be a fixture: nothing was written, and the
    /// client gets the answer, scrubbed.
    case passedOn(Response, reason: String)
    /// The upstream gave no usable answer: nothing was written, and the client gets a 502
    /// naming the upstream and the reason.
    case failed(Response, reason: String)
    /// No provider's routes hold the request, so it was not forwarded: the responder answers it
    /// as it would without recording.
    case notForwarded

    /// The answer for the client, unless the responder must give its own.
    var response: Response? {
        switch self {
        case .recorded(let response, _), .replayed(let response, _), .passedOn(let response, _), .failed(let response, _): response
        case .notForwarded: nil
        }
    }

    /// Who answered, as the journal keeps it.
    var journalAnswer: JournalEntry.Answer? {
        switch self {
        case .recorded(_, let fixture): .recorded(fixture.file)
        case .replayed(_, let file): .recorded(file)
        case .passedOn(_, let reason): .forwarded(reason: reason)
        case .failed(_, let reason): .upstreamFailure(reason: reason)
        case .notForwarded: nil
        }
    }
}
