import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// The problems loading reports for the bundled pack `file` alone in a folder, with each of
/// `edits` (a text of the pack and what replaces it) made first; every edit must change it.
func problemsLoadingBundledPack(_ file: String, editing edits: [(String, String)]) throws -> [FixtureProblem] {
    let folder = try TemporaryFixtures()
    defer { folder.remove() }
    var pack = try String(contentsOfFile: bundledContractsPath + "/" + file, encoding: .utf8)
    for (text, replacement) in edits {
        #expect(pack.contains(text), "\(file) holds \(text.debugDescription)")
        pack = pack.replacingOccurrences(of: text, with: replacement)
    }
    try folder.write(file, pack)
    return try #require(throws: FixtureLoadError.self) { try Contracts.load(from: folder.root) }.problems
}
