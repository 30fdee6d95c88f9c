// The one file of the `understudy` command that calls the C library: signals, the process's
// descriptor limit and its parent. `scripts/check-portability` fails on a C-library call
// anywhere else in the module. Darwin's `RLIMIT_NOFILE` is an `Int32` macro, Glibc's an enum case.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#else
#error("understudy builds on Apple's platforms (Darwin) and on Linux (Glibc)")
#endif

/// The operating system's signal, process and limit calls, as the command uses them.
enum Platform {
    /// The signals that stop the command cleanly.
    enum StopSignal: CaseIterable, Sendable {
        case interrupt, terminate

        /// The signal's number.
        var number: Int32 {
            switch self {
            case .interrupt: SIGINT
            case .terminate: SIGTERM
            }
        }

        /// Its name as `kill -l` says it (`SIGINT`).
        var name: String { self == .interrupt ? "SIGINT" : "SIGTERM" }
    }

    /// Stops the signal's default action, so that a dispatch source can handle it instead.
    static func ignore(_ stopSignal: StopSignal) { _ = signal(stopSignal.number, SIG_IGN) }

    /// Sends SIGTERM to this process, as `kill` from a shell would.
    static func terminateSelf() { _ = kill(getpid(), SIGTERM) }

    /// The id of this process's parent (it changes to another when the parent ends).
    static var parentProcessID: Int32 { getppid() }

    /// Raises the soft limit on open files to the hard one, at most `ceiling`. Failing leaves the
    /// limit as it was.
    static func raiseOpenFileLimit(toAtMost ceiling: UInt64) {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        var raised = limit
        raised.rlim_cur = min(limit.rlim_max, rlim_t(ceiling))
        _ = setrlimit(openFilesResource, &raised)
    }

    #if canImport(Darwin)
    private static let openFilesResource = RLIMIT_NOFILE
    #else
    private static let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #endif
}
