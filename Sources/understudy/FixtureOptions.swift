import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyFixtures

/// The `--fixtures` option shared by the commands that read a fixtures tree.
struct FixtureOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The fixtures folder: one subfolder per provider.", valueName: "dir"))
    var fixtures: String = "fixtures"

    /// Loads the tree, or prints every problem (file, JSON path, what is wrong) and fails.
    func load() throws -> [Fixture] { try loadIndex().fixtures }

    /// Loads the tree into the index its check built, or prints every problem and fails.
    /// - Parameter snapshots: where snapshots of valid trees are kept (see `FixtureSnapshots`).
    func loadIndex(snapshots: FixtureSnapshots? = nil) throws -> FixtureIndex {
        try loadTree(snapshots: snapshots).index
    }

    /// `loadIndex(snapshots:)`, with what identifies the tree's files (see `LoadedTree`).
    func loadTree(snapshots: FixtureSnapshots? = nil) throws -> LoadedTree {
        do {
            return try FixtureLoader.loadTree(from: fixtures, snapshots: snapshots)
        } catch {
            if error.problems.count == 1, error.problems[0].file == fixtures {
                throw ValidationError("fixtures folder not found at '\(fixtures)'; pass --fixtures DIR, or run from the repository root")
            }
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            throw ExitCode(65)  // EX_DATAERR: the input data was wrong
        }
    }

    /// "14 fixtures (facebook 3, feed 2, google 3, yelp 6)"
    static func summary(of fixtures: [Fixture]) -> String {
        // Counted, not grouped: grouping 10,000 fixtures into arrays was 1 % of a start.
        var counts: [String: Int] = [:]
        for fixture in fixtures { counts[fixture.provider, default: 0] += 1 }
        let parts = counts.keys.sorted().map { "\($0) \(counts[$0]!)" }
        return "\(fixtures.count) fixture\(fixtures.count == 1 ? "" : "s")" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
    }
}

/// Printing that reaches a pipe at once: scripts wait for the "Listening on" line.
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
