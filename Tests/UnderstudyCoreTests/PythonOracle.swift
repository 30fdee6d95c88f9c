import ChildProcesses
import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudySupport

/// Python's `jsonschema`, asked once per test for the verdicts on a whole batch of cases
/// through `scripts/jsonschema-oracle.py`.
enum PythonOracle {
    /// Python's answer for one case.
    struct Verdict {
        let valid: Bool
        /// Instance pointers of the top-level errors' `absolute_path`.
        let paths: Set<String>
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// How to install what the differential tests need.
    static let installHint = "run scripts/python-tools (a venv in .build-python with jsonschema), or set UNDERSTUDY_PYTHON to a python3 that can import jsonschema"

    /// The interpreter: `UNDERSTUDY_PYTHON`, else `.build-python/bin/python3`, else `python3` on PATH.
    static let interpreter: (executable: URL, arguments: [String]) = {
        if let chosen = ProcessInfo.processInfo.environment["UNDERSTUDY_PYTHON"], !chosen.isEmpty {
            return (URL(fileURLWithPath: chosen), [])
        }
        let venv = repositoryRoot.appendingPathComponent(".build-python/bin/python3")
        if FileManager.default.isExecutableFile(atPath: venv.path) { return (venv, []) }
        return (URL(fileURLWithPath: "/usr/bin/env"), ["python3"])
    }()

    /// Whether the interpreter runs and imports `jsonschema` (asked once per test process).
    static let isAvailable: Bool = (try? run(["-c", "import jsonschema"]))?.status == 0

    /// Whether a missing oracle fails the test instead of disabling it: on CI, where
    /// `.ci/run` installs it.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Python's verdict for every case, in order.
    static func verdicts(_ cases: [SchemaCorpus.Case]) throws -> [Verdict] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-oracle-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cases.json")
        let batch = JSONValue.array(cases.map { $0.source.oracleCase($0.instance) })
        try Data(JSONWriter.bytes(batch)).write(to: input)

        let script = repositoryRoot.appendingPathComponent("scripts/jsonschema-oracle.py").path
        let finished = try run([script, input.path], folder: folder)
        guard finished.status == 0 else {
            throw Failure(description: "jsonschema-oracle.py exited with status \(finished.status): \(finished.stderr)")
        }
        let lines = finished.stdout.split(separator: "\n")
        guard lines.count == cases.count else {
            throw Failure(description: "jsonschema-oracle.py printed \(lines.count) verdicts for \(cases.count) cases")
        }
        return try lines.map { line in
            guard case .array(let pair) = try JSONParser.parse(String(line)), pair.count == 2,
                case .bool(let valid) = pair[0], case .array(let paths) = pair[1]
            else { throw Failure(description: "unreadable verdict line: \(line)") }
            return Verdict(valid: valid, paths: Set(paths.compactMap(\.stringValue)))
        }
    }

    /// Runs the interpreter; output goes through files, so a large answer cannot fill a pipe
    /// and stall the child.
    private static func run(_ arguments: [String], folder: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let scratch = folder ?? FileManager.default.temporaryDirectory
        let id = UUID().uuidString
        let outURL = scratch.appendingPathComponent("out-\(id)"), errURL = scratch.appendingPathComponent("err-\(id)")
        for url in [outURL, errURL] { try Data().write(to: url) }
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let process = Process()
        process.executableURL = interpreter.executable
        process.arguments = interpreter.arguments + arguments
        process.standardInput = FileHandle.nullDevice
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        guard let ending = ChildProcesses.waitForExit(process, timeout: 600) else {
            process.terminate()
            throw Failure(description: "the Python reference did not answer within 600 s")
        }
        return (
            ending.status,
            String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }
}
