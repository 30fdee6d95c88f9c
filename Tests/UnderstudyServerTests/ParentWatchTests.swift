import ChildProcesses
import Foundation
import Testing

/// `UNDERSTUDY_PARENT_PID`: a server whose starter is killed stops too; without it, it runs on.
@Suite("Stopping with the parent")
struct ParentWatchTests {
    @Test(arguments: [true, false])
    func aServerStopsWhenTheProcessNamedAsItsParentIsKilled(named: Bool) async throws {
        // Seconds of waiting: on a thread of its own, not one of the few the tests' tasks share.
        try await Thread.blocking { Result { try Self.killTheParent(named: named) } }.get()
    }

    private static func killTheParent(named: Bool) throws {
        let executable = try CLIProcess.executable().path
        let fixtures = CLIProcess.repositoryRoot.appendingPathComponent("fixtures").path
        // A shell starts the server in the background, prints its id and waits, as a CI script would.
        let variable = named ? "UNDERSTUDY_PARENT_PID=$$ " : ""
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\(variable)\"$0\" serve --port 0 --no-contracts --fixtures \"$1\" >/dev/null 2>&1 & echo $!; wait", executable, fixtures]
        var environment = ProcessInfo.processInfo.environment
        environment["UNDERSTUDY_PARENT_PID"] = nil
        shell.environment = environment
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let server = try #require(pid_t(line.trimmingCharacters(in: .whitespacesAndNewlines)), "the shell printed \(line)")
        defer { kill(server, SIGKILL) }
        Thread.sleep(forTimeInterval: 1)  // the server is up and watching
        #expect(!hasEnded(server))
        kill(shell.processIdentifier, SIGKILL)
        #expect(ChildProcesses.waitForExit(shell, timeout: 10) != nil)
        let deadline = Date().addingTimeInterval(named ? 10 : 2)
        while !hasEnded(server) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(hasEnded(server) == named, named ? "stopped with its parent" : "runs on without the variable")
    }

    /// Whether `pid` is gone or ended (a zombie of whichever process it was given to).
    private static func hasEnded(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 || ChildProcesses.hasEnded(pid)
    }
}
