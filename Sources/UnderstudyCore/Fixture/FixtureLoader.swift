import Foundation

/// Loads a fixtures tree: every `*.json` file below the root is a fixture, except
/// `*.body.json` (response bodies referenced with `"file"`) and hidden files or folders.
///
/// All files are read and checked before anything is returned, in parallel; any problem in
/// any file makes loading fail with the complete list, so the server never starts on a tree
/// it would answer wrongly from.
public enum FixtureLoader {
    /// Loads every fixture under `root`, or throws `FixtureLoadError` listing every problem.
    public static func load(from root: String) throws(FixtureLoadError) -> [Fixture] {
        let rootPath = (root as NSString).standardizingPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FixtureLoadError(problems: [FixtureProblem(file: root, message: "fixtures folder not found")])
        }
        let files = fixtureFiles(under: rootPath)
        let results = decodeAll(files, root: rootPath)
        var fixtures: [Fixture] = []
        var problems: [FixtureProblem] = []
        for result in results {
            switch result {
            case .success(let fixture): fixtures.append(fixture)
            case .failure(let failure): problems.append(contentsOf: failure.problems)
            }
        }
        problems.append(contentsOf: indistinguishable(fixtures))
        guard problems.isEmpty else {
            throw FixtureLoadError(problems: problems.sorted { ($0.file, $0.description) < ($1.file, $1.description) })
        }
        return fixtures
    }

    /// The fixture files below `root`, relative to it, sorted.
    static func fixtureFiles(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if name.hasSuffix(".json") && !name.hasSuffix(".body.json") { files.append(relative) }
        }
        return files.sorted()
    }

    private struct Failure: Error { let problems: [FixtureProblem] }

    /// Reads and decodes files on all cores; results keep the order of `files`.
    private static func decodeAll(_ files: [String], root: String) -> [Result<Fixture, Failure>] {
        let results = Locked([Result<Fixture, Failure>?](repeating: nil, count: files.count))
        let chunkCount = max(1, min(files.count, ProcessInfo.processInfo.activeProcessorCount * 4))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var local: [(Int, Result<Fixture, Failure>)] = []
            for index in stride(from: chunk, to: files.count, by: chunkCount) {
                local.append((index, decodeFile(files[index], root: root)))
            }
            results.withLock { all in for (index, result) in local { all[index] = result } }
        }
        return results.withLock { $0.map { $0! } }
    }

    private static func decodeFile(_ file: String, root: String) -> Result<Fixture, Failure> {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read((root as NSString).appendingPathComponent(file))
        } catch {
            return .failure(Failure(problems: [FixtureProblem(file: file, message: "cannot read: \(error)")]))
        }
        var decoder = FixtureDecoder(file: file, root: root)
        if let fixture = decoder.decode(bytes) { return .success(fixture) }
        return .failure(Failure(problems: decoder.problems))
    }

    /// Fixtures whose request conditions and priority are identical: whichever sorts later by
    /// file name can never be chosen, which is almost always a mistake (a duplicated recording).
    static func indistinguishable(_ fixtures: [Fixture]) -> [FixtureProblem] {
        var firstByKey: [DuplicateKey: String] = [:]
        var problems: [FixtureProblem] = []
        for fixture in fixtures.sorted(by: { $0.file < $1.file }) {
            let key = DuplicateKey(provider: fixture.provider, request: fixture.request, priority: fixture.priority)
            if let earlier = firstByKey[key] {
                problems.append(FixtureProblem(
                    file: fixture.file, path: JSONPath.root.appending("request"),
                    message: "can never match: \(earlier) has the same request conditions and priority and wins by file order; delete one, add a condition, or set \"priority\""))
            } else {
                firstByKey[key] = fixture.file
            }
        }
        return problems
    }

    private struct DuplicateKey: Hashable {
        let provider: String
        let request: RequestPattern
        let priority: Int
    }
}
