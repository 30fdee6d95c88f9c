import ChildProcesses
import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The record command")
struct RecordCLITests {
    static func temporaryFolder() -> String {
        NSTemporaryDirectory() + "understudy-record-cli-" + UUID().uuidString
    }

    @Test func refusesToRecordOnCIWithoutForce() async throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let result = try await CLIProcess.running(["record", "--mode", "missing", "--fixtures", tree, "--port", "0"], environment: ["CI": "true"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("refusing to record on CI (CI=true)"), "\(result.stderr)")
        #expect(result.stderr.contains("--force"))
        #expect(!FileManager.default.fileExists(atPath: tree))
    }

    #if os(Linux)
    /// Without libcurl `record` says so once, before it starts, instead of failing every request.
    @Test func refusesToStartWithoutLibcurl() async throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let result = try await CLIProcess.running(
            ["record", "--mode", "missing", "--force", "--fixtures", tree, "--port", "0"], environment: ["UNDERSTUDY_LIBCURL": "/nonexistent/libcurl-of-no-one"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("record sends requests with libcurl: libcurl could not be loaded (/nonexistent/libcurl-of-no-one"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tree + "/yelp"))
    }
    #endif

    /// `record` applies the contracts to its responder as `serve` does: with Yelp's quota set to
    /// 2 through the admin API, three identical valid searches get 200, 200, 429 (the second is
    /// the first's answer again, the third the provider's refusal).
    @Test func recordChecksQuotasAsServeDoes() async throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: CLIProcess.repositoryRoot.path + "/fixtures"))) { upstream in
            let recording = try await RecordingProcess([
                "--mode", "missing", "--force", "--fixtures", tree, "--contracts", "contracts", "--upstream", "yelp=\(upstream.baseURL.absoluteString)",
            ])
            defer { recording.kill() }
            var quota = URLRequest(url: URL(string: recording.url.absoluteString + "/__understudy/quota/yelp")!)
            quota.httpMethod = "PUT"
            quota.httpBody = Data(#"{"limit": 2}"#.utf8)
            quota.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let (_, set) = try await URLSession.shared.data(for: quota)
            #expect((set as? HTTPURLResponse)?.statusCode == 200)
            var statuses: [Int] = []
            for _ in 0..<3 {
                let target = "/v3/businesses/search?location=San%20Francisco,%20CA&categories=restaurants&radius=16093&limit=20&sort_by=best_match"
                var search = URLRequest(url: URL(string: recording.url.absoluteString + target)!)
                search.setValue("Bearer yelpMARKERkey0123456789abcdef", forHTTPHeaderField: "Authorization")
                let (_, response) = try await URLSession.shared.data(for: search)
                statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            #expect(statuses == [200, 200, 429])
        }
    }

    @Test func killedWhileRecordingLeavesOnlyWholeFixtures() async throws {
        let tree = Self.temporaryFolder(), upstreamTree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree); try? FileManager.default.removeItem(atPath: upstreamTree) }
        // An upstream answering every business id with a distinct, sizeable body.
        try FileManager.default.createDirectory(atPath: upstreamTree + "/yelp", withIntermediateDirectories: true)
        let padding = String(repeating: "0123456789abcdef", count: 2048)
        try Data(#"""
            {"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/{id}"},
             "response": {"template": true, "json": {"id": "{{request.path.id}}", "padding": "\#(padding)"}}}
            """#.utf8).write(to: URL(fileURLWithPath: upstreamTree + "/yelp/any.json"))
        try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: upstreamTree))) { upstream in
            let recording = try await RecordingProcess([
                "--mode", "missing", "--force", "--fixtures", tree, "--upstream", "yelp=\(upstream.baseURL.absoluteString)",
            ])
            // Many requests in flight at once, then SIGKILL once some fixtures are on disk.
            let base = recording.url.absoluteString
            // Stopped by a flag, not by cancelling: a cancelled URLSession request may never finish on Linux.
            let stop = Locked(false)
            let sender = Task {
                await withTaskGroup(of: Void.self) { group in
                    for worker in 0..<8 {
                        group.addTask {
                            for index in stride(from: worker, to: 2000, by: 8) where !stop.withLock({ $0 }) {
                                var request = URLRequest(url: URL(string: "\(base)/v3/businesses/biz-\(index)")!)
                                request.setValue("Bearer yelpMARKERkey0123456789abcdef", forHTTPHeaderField: "Authorization")
                                _ = try? await URLSession.shared.data(for: request)
                            }
                        }
                    }
                }
            }
            let recorded = await recording.waitForLines(starting: "recorded ", count: 40)
            recording.kill()
            stop.withLock { $0 = true }
            await sender.value
            #expect(recorded >= 40)
        }
        // Every fixture loads, with its body; nothing else but hidden temporary files remains.
        let fixtures = try FixtureLoader.load(from: tree)
        #expect(fixtures.count >= 40)
        for fixture in fixtures {
            let body = try JSONParser.parse(try fixture.responses[0].bodyBytes())
            #expect(body["id"]?.stringValue.map { fixture.request.path.text.hasSuffix("/" + $0) } == true, "\(fixture.file)")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: tree + "/yelp") {
            if file.hasPrefix(".") {
                #expect(file.hasSuffix(".tmp"), "\(file)")
            } else {
                #expect(file.hasSuffix(".json"), "\(file)")
                // No half-written file: every fixture and body file is whole JSON.
                #expect((try? JSONParser.parse(try FileBytes.read(tree + "/yelp/" + file))) != nil, "\(file)")
            }
        }
    }
}

/// A running `understudy record`, with its URL and its output line by line.
final class RecordingProcess: @unchecked Sendable {
    // @unchecked: `iterator` is used by one test task at a time.
    private let process = Process()
    private var iterator: AsyncStream<String>.Iterator
    let url: URL

    init(_ arguments: [String]) async throws {
        process.executableURL = try CLIProcess.executable()
        process.arguments = ["record", "--port", "0"] + arguments
        process.environment = CLIProcess.childEnvironment()
        process.currentDirectoryURL = CLIProcess.repositoryRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        iterator = lines.makeAsyncIterator()
        try process.run()
        // A reader thread: the test's tasks must not block on the pipe.
        let handle = output.fileHandleForReading
        Thread {
            var pending = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }  // end of stream: the process ended
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    continuation.yield(String(pending[..<newline]))
                    pending.removeSubrange(...newline)
                }
            }
            continuation.finish()
        }.start()
        var found: URL?
        while found == nil, let line = await iterator.next() {
            if line.hasPrefix("Listening on ") { found = URL(string: String(line.dropFirst("Listening on ".count))) }
        }
        guard let found else {
            process.terminate()
            throw CLIProcess.CLIError(description: "record printed no URL")
        }
        url = found
    }

    /// Reads lines until `count` of them start with `prefix`, or the output ends; returns how many did.
    func waitForLines(starting prefix: String, count: Int) async -> Int {
        var seen = 0
        while seen < count, let line = await iterator.next() {
            if line.hasPrefix(prefix) { seen += 1 }
        }
        return seen
    }

    /// SIGKILL: no handler runs, no file is finished.
    func kill() {
        _ = ChildProcesses.stop(process, signal: SIGKILL, timeout: 30)
    }

    deinit {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}
