import ChildProcesses
import Foundation
import UnderstudyTesting
import Testing

/// The built `understudy` executable, run as a child process the way a user runs it.
struct CLIProcess {
    struct Finished {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The repository root, found from this file's location.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `swift test` builds every product next to the test bundle.
    static func executable() throws -> URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("understudy")
        let candidates = [besideTests] + ["debug", "release"].map { repositoryRoot.appendingPathComponent(".build/\($0)/understudy") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CLIError(description: "the understudy executable was not built; looked in \(candidates.map(\.path))")
        }
        return found
    }

    struct CLIError: Error, CustomStringConvertible { let description: String }

    /// This process's environment with `additions`, and this process as the parent whose end
    /// stops the child (`UNDERSTUDY_PARENT_PID`): a test run that is killed leaves no server.
    static func childEnvironment(_ additions: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(additions) { $1 }.merging(["UNDERSTUDY_PARENT_PID": String(getpid())]) { $1 }
    }

    /// A fixtures tree (file → text) in a fresh temporary folder; the caller removes it.
    static func temporaryTree(_ documents: [String: String]) throws -> String {
        try FixtureTree(documents).root
    }

    /// Runs `arguments` to completion (bounded by `timeout` seconds, then killed), with
    /// `environment` added to this process's.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> Finished {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.environment = childEnvironment(environment)
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        guard let ending = ChildProcesses.waitForExit(process, timeout: timeout) ?? ChildProcesses.stop(process, signal: SIGTERM, timeout: 10) else {
            throw CLIError(description: "\(arguments.first ?? "understudy") did not end, even killed")
        }
        return Finished(
            status: ending.status,
            stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// A running `understudy serve`, with the URL it printed.
    final class Serving {
        let process = Process()
        let url: URL
        /// What the process printed up to and including the URL line and the line after it.
        private(set) var output = ""
        private let outputPipe: Pipe

        init(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30) throws {
            process.executableURL = try CLIProcess.executable()
            process.arguments = ["serve", "--port", "0"] + arguments
            process.environment = CLIProcess.childEnvironment(environment)
            process.currentDirectoryURL = CLIProcess.repositoryRoot
            outputPipe = Pipe()
            process.standardOutput = outputPipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            var text = ""
            let deadline = Date().addingTimeInterval(timeout)
            // serve announces itself in three lines ("Understudy serving…", "Listening on…",
            // "Dashboard: …"), and one more each for --provider and an admin token; read until
            // they are complete or it ends.
            let hasToken = arguments.contains { $0.hasPrefix("--admin-token") } || environment["UNDERSTUDY_ADMIN_TOKEN"] != nil
            let startupLines = 3 + (arguments.contains("--provider") ? 1 : 0) + (hasToken ? 1 : 0)
            while Date() < deadline, text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) < startupLines {
                let chunk = outputPipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }  // end of stream: the process ended
                text += String(decoding: chunk, as: UTF8.self)
            }
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Listening on ") }),
                let url = URL(string: String(line.dropFirst("Listening on ".count)))
            else {
                process.terminate()
                throw CLIError(description: "serve printed no URL; output: \(text)")
            }
            self.url = url
            output = text
        }

        /// Sends `signal` and waits (bounded) for the process to end; returns its status and remaining output.
        func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 10) -> (status: Int32, output: String) {
            let ending = ChildProcesses.stop(process, signal: signal, timeout: timeout)
            // -1: not ended even when killed, which the caller's expectations then report.
            return (ending?.status ?? -1, String(decoding: outputPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }
}

extension CLIProcess {
    /// `run`, from async code: the wait for the process happens on a thread of its own, so
    /// in-process servers of tests running meanwhile keep the cooperative pool.
    static func running(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60) async throws -> Finished {
        try await Thread.blocking { Result { try run(arguments, environment: environment, timeout: timeout) } }.get()
    }
}
