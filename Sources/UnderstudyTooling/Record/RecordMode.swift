import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// What `understudy record` does with a request.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Replay only, like `serve` (the default, and the only mode on CI without `--force`).
    case never
    /// Forward misses upstream and record them; replay everything else.
    case missing
    /// Forward every request and re-record it, replacing the fixture it matched.
    case all
}
