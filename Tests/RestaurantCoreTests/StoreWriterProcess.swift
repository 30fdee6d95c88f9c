import ChildProcesses
import Foundation

/// The built `restaurant-store-writer` (Sources/RestaurantStoreWriter) running as a child
/// process, its output read line by line so a test knows what it had committed when killed.
final class StoreWriterProcess {
    struct NotBuilt: Error, CustomStringConvertible { let description: String }

    private let process = Process()
    private let output = Pipe()
    private var pending: [UInt8] = []
    /// The lines printed so far (complete lines only).
    private(set) var lines: [String] = []

    /// What one run of the writer printed before it was killed, and how it ended.
    struct Killed: Sendable {
        let lines: [String]
        let termination: String
    }

    /// Starts the writer on `folder`, waits for `lines` lines, lets it run `seconds` more, then
    /// kills it. On a thread of its own: the waits block, and must not hold one of the few
    /// threads Swift concurrency runs every test of the process on.
    static func killed(folder: URL, afterLines lines: Int, thenRunning seconds: TimeInterval, steps: Int = 2000) async throws -> Killed {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    let writer = try StoreWriterProcess(folder: folder, steps: steps)
                    writer.waitForLines(lines)
                    writer.letRun(for: seconds)
                    writer.kill()
                    continuation.resume(returning: Killed(lines: writer.lines, termination: writer.termination))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    /// Starts the writer on `folder` for at most `steps` steps.
    init(folder: URL, steps: Int) throws {
        process.executableURL = try Self.executable()
        process.arguments = [folder.path, String(steps)]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// `swift build` puts every executable next to the test bundle.
    private static func executable() throws -> URL {
        let name = "restaurant-store-writer"
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [besideTests] + ["debug", "release"].map { root.appendingPathComponent(".build/\($0)/\(name)") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotBuilt(description: "\(name) was not built (swift build builds it); looked in \(candidates.map(\.path))")
        }
        return found
    }

    /// Reads until `count` lines have come, the output ends, or `timeout` seconds pass.
    func waitForLines(_ count: Int, timeout: TimeInterval = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        while lines.count < count, deadline.timeIntervalSinceNow > 0, read(until: deadline) != .end {}
    }

    /// Reads what the writer prints for `seconds` more (or until its output ends): lets it run on
    /// into the middle of its next write.
    func letRun(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0, read(until: deadline) != .end {}
    }

    /// SIGKILL, then every line the writer printed before it died.
    func kill() {
        ending = ChildProcesses.stop(process, signal: SIGKILL, timeout: 30)
        // Dead and reaped: what it wrote is in the pipe. Never wait for the end of the stream,
        // which another child that inherited the pipe could hold open.
        while read(until: .distantPast) == .data {}
    }

    /// How the writer ended: the signal that killed it, or its exit status.
    var termination: String { ending.map { "\($0.bySignal ? "signal" : "exit") \($0.status)" } ?? "still running" }
    private var ending: ChildProcesses.Ending?

    private enum ReadResult { case data, nothing, end }

    /// One read of whatever comes before `deadline` (to the millisecond below; a deadline closer
    /// than that only looks).
    private func read(until deadline: Date) -> ReadResult {
        let milliseconds = Int32(min(60_000, max(0, deadline.timeIntervalSinceNow * 1000)))
        var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return .nothing }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = Foundation.read(descriptor.fd, &chunk, chunk.count)
        guard count > 0 else { return .end }
        pending += chunk[..<count]
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<end], as: UTF8.self))
            pending.removeSubrange(...end)
        }
        return .data
    }
}
