import ChildProcesses
import Foundation
import Testing

/// The tests' bounded waits for their child processes, including a child whose end Foundation
/// never notices (here: one Foundation did not start).
@Suite("Child processes of the tests")
struct ChildProcessesTests {
    // Both wait for processes: on a thread of their own, not one of the few the tests' tasks share.
    @Test func waitForExitGivesTheStatusOrNilWhileRunning() async throws {
        try await Thread.blocking { Result { try Self.waitForExit() } }.get()
    }

    private static func waitForExit() throws {
        let exiting = try Self.process("/bin/sh", ["-c", "exit 4"])
        #expect(ChildProcesses.waitForExit(exiting, timeout: 10) == .init(status: 4, bySignal: false))
        let sleeping = try Self.process("/bin/sleep", ["30"])
        #expect(ChildProcesses.waitForExit(sleeping, timeout: 0.2) == nil)
        #expect(ChildProcesses.stop(sleeping, signal: SIGKILL, timeout: 10) == .init(status: SIGKILL, bySignal: true))
    }

    #if os(Linux)
    @Test(arguments: [("exit 3", ChildProcesses.Ending(status: 3, bySignal: false)), ("kill -9 $$", .init(status: 9, bySignal: true))])
    func aChildWhoseEndFoundationMissesIsSeenAsEndedAndReaped(script: String, ending: ChildProcesses.Ending) async throws {
        try await Thread.blocking { Result { try Self.reap(script: script, ending: ending) } }.get()
    }

    private static func reap(script: String, ending: ChildProcesses.Ending) throws {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", script].map { (text: String) in strdup(text) } + [nil]
        defer { arguments.forEach { free($0) } }
        try #require(posix_spawn(&pid, "/bin/sh", nil, nil, arguments, environ) == 0)
        let deadline = Date().addingTimeInterval(10)
        while !ChildProcesses.hasEnded(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(ChildProcesses.hasEnded(pid))
        #expect(ChildProcesses.reap(pid) == ending)
        #expect(ChildProcesses.reap(pid) == nil, "reaped once")
        #expect(!ChildProcesses.hasEnded(pid))
    }
    #endif

    private static func process(_ path: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        return process
    }
}
