import ArgumentParser
import Foundation
import UnderstudyContracts
import UnderstudyCore
import UnderstudyFixtures

/// The `--contracts` options: where the provider packs are, or none.
struct ContractOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The provider packs folder (*.openapi.json). Requests are checked against them and the providers' behaviours apply. Default: the contracts folder beside the fixtures folder, when there is one.",
        valueName: "dir"))
    var contracts: String?

    @Flag(name: .long, help: "Answer from fixtures alone: no contract checks, no provider behaviours.")
    var noContracts = false

    /// The folder to load: the one given, else `contracts` beside the fixtures folder (the
    /// repository layout) when it exists, else none.
    func folder(besideFixtures fixtures: String) -> String? {
        noContracts ? nil : packsFolder(besideFixtures: fixtures)
    }

    /// Where the packs are, even with `--no-contracts`: what a pack says of where a provider
    /// lives (`serve --provider`) holds whether or not requests are checked.
    func packsFolder(besideFixtures fixtures: String) -> String? {
        if let contracts { return contracts }
        let beside = ((fixtures as NSString).standardizingPath as NSString).deletingLastPathComponent
        let candidate = beside.isEmpty ? "contracts" : (beside as NSString).appendingPathComponent("contracts")
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) && isDirectory.boolValue ? candidate : nil
    }

    func validate() throws {
        if noContracts && contracts != nil { throw ValidationError("give --contracts DIR or --no-contracts, not both") }
    }

    /// The packs, `nil` for none; prints every problem (file, JSON path) and fails on a broken pack.
    func load(besideFixtures fixtures: String) throws -> (contracts: Contracts, folder: String)? {
        guard let folder = folder(besideFixtures: fixtures) else { return nil }
        return (try Self.load(folder), folder)
    }

    /// The packs at `folder`, even with `--no-contracts` (see `packsFolder`).
    func loadPacks(besideFixtures fixtures: String) throws -> Contracts? {
        try packsFolder(besideFixtures: fixtures).map(Self.load)
    }

    private static func load(_ folder: String) throws -> Contracts {
        do {
            return try Contracts.load(from: folder)
        } catch {
            if error.problems.count == 1, error.problems[0].file == folder {
                throw ValidationError("contracts folder not found at '\(folder)'; pass --contracts DIR or --no-contracts")
            }
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            throw ExitCode(65)  // EX_DATAERR, as for fixtures
        }
    }
}
