/// What `understudy record` does with a request.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Replay only, like `serve` (the default, and the only mode on CI without `--force`).
    case never
    /// Forward misses upstream and record them; replay everything else.
    case missing
    /// Forward every request and re-record it, replacing the fixture it matched.
    case all

    /// Whether a request the responder answered with `replayed` goes upstream. The admin API
    /// never does.
    public func forwards(_ request: Request, replayed: Response) -> Bool {
        guard request.path != Responder.adminPrefix, !request.path.hasPrefix(Responder.adminPrefix + "/") else { return false }
        switch self {
        case .never: return false
        case .missing: return replayed.headerValue(MissReport.headerName) == "1"
        case .all: return true
        }
    }
}
