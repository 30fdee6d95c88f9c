import Foundation

/// Bounded waits for the child processes of this package's tests.
///
/// `Process.waitUntilExit()` waits for Foundation to notice the child's end, and a fresh-clone
/// CI run hung there for good: five children had exited but stayed zombies that Foundation
/// never reaped, and the tests waiting on them waited forever. Here a wait is bounded, and a
/// child that has ended while Foundation still calls it running is reaped and read directly.
public enum ChildProcesses {
    /// How a child ended.
    public struct Ending: Equatable, Sendable {
        /// The exit status, or the number of the signal that ended it.
        public let status: Int32
        /// Whether a signal ended it.
        public let bySignal: Bool

        public init(status: Int32, bySignal: Bool) {
            self.status = status
            self.bySignal = bySignal
        }
    }

    /// Waits at most `timeout` seconds for `process` to end; `nil` when it is still running.
    public static func waitForExit(_ process: Process, timeout: TimeInterval) -> Ending? {
        let deadline = Date().addingTimeInterval(timeout)
        var endedUnnoticedSince: Date?
        while true {
            if !process.isRunning {
                // Returns at once now, and lets go of what `run()` put on this thread's run
                // loop: without it every `Process` stayed alive, and with it its pipes.
                process.waitUntilExit()
                return Ending(status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal)
            }
            // Foundation reaps within milliseconds when it notices; a zombie it leaves for a
            // second is one it missed.
            if hasEnded(process.processIdentifier) {
                let since = endedUnnoticedSince ?? Date()
                endedUnnoticedSince = since
                if Date().timeIntervalSince(since) > 1, let ending = reap(process.processIdentifier) { return ending }
            }
            guard Date() < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Sends `signal` and waits at most `timeout` seconds for `process` to end, then kills it
    /// and waits 10 more; `nil` when it has not ended even then.
    public static func stop(_ process: Process, signal: Int32, timeout: TimeInterval) -> Ending? {
        kill(process.processIdentifier, signal)
        if let ending = waitForExit(process, timeout: timeout) { return ending }
        kill(process.processIdentifier, SIGKILL)
        return waitForExit(process, timeout: 10)
    }

    /// Whether child `pid` has ended and waits to be reaped (a zombie).
    public static func hasEnded(_ pid: Int32) -> Bool {
        Platform.isZombie(pid)
    }

    /// Reaps child `pid` if it has ended; `nil` when it has not, or was reaped already.
    public static func reap(_ pid: Int32) -> Ending? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? Ending(status: (status >> 8) & 0xff, bySignal: false) : Ending(status: signal, bySignal: true)
    }
}
