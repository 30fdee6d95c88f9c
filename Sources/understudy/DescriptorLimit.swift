import Foundation

/// The process's limit on open files, raised once at start: a server holds a socket per
/// connection and keeps body files open, and the soft limit (often 1,024) is an accident of
/// the shell, not a decision. Only this command does it; the libraries leave a test process's
/// limits alone.
enum DescriptorLimit {
    /// Raises the soft limit to the hard one (at most 2^20: "unlimited" is refused by some
    /// systems). Failing leaves the limit as it was, which only means fewer connections.
    static func raiseToHardLimit() {
        Platform.raiseOpenFileLimit(toAtMost: 1 << 20)
    }
}
