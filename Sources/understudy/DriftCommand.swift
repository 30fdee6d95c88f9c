import ArgumentParser
import UnderstudyContracts
import UnderstudyCore
import UnderstudyTooling
import UnderstudyFixtures

/// `understudy drift`: how two fixture trees, or a tree and the contracts, differ.
struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Report how a fixture tree differs from another (a re-recording) or from the contracts.",
        discussion: """
            drift A B pairs fixtures by file name, then by identical request conditions, and lists per pair \
            the status and media type changes and the JSON members added, removed or retyped, by JSON pointer \
            (/businesses/*/price: * is every element of an array). drift A --contracts DIR checks every \
            fixture's answers against its operation's declared responses. Exits 0 when nothing differs, 1 \
            when something does, 65 when a tree or pack cannot be read.
            """
    )

    @Argument(help: ArgumentHelp("The fixture tree to check.", valueName: "dir"))
    var first: String

    @Argument(help: ArgumentHelp("The tree to compare it with (e.g. a fresh recording).", valueName: "other-dir"))
    var second: String?

    @Option(help: ArgumentHelp("Check the tree against these provider packs instead.", valueName: "dir"))
    var contracts: String?

    func validate() throws {
        guard (second == nil) != (contracts == nil) else {
            throw ValidationError("give a second fixtures folder (drift A B) or --contracts DIR (drift A --contracts contracts), not both or neither")
        }
    }

    func run() throws {
        let fixtures = try load(first)
        if let second {
            let report = TreeDrift.compare(fixtures, try load(second))
            guard !report.isEmpty else {
                Console.line("No drift: \(report.compared) fixture pairs of \(first) and \(second) answer alike")
                return
            }
            for line in report.lines { Console.line(line) }
            Console.line("Drift in \(report.drifted.count) of \(report.compared) fixture pairs; \(report.onlyInFirst.count) only in \(first), \(report.onlyInSecond.count) only in \(second)")
            throw ExitCode(1)
        }
        let packs: Contracts
        do {
            packs = try Contracts.load(from: contracts!)
        } catch {
            Console.error(error.description)
            throw ExitCode(65)
        }
        let report = TreeDrift.check(fixtures, against: packs)
        for line in report.lines { Console.line(line) }
        guard !report.findings.isEmpty else {
            Console.line("No drift: \(report.checked) fixtures of \(first) answer as \(contracts!) declares")
            return
        }
        Console.line("Drift from the contracts in \(report.findings.count) of \(report.checked) fixtures")
        throw ExitCode(1)
    }

    private func load(_ folder: String) throws -> [Fixture] {
        var options = FixtureOptions()
        options.fixtures = folder
        return try options.load()
    }
}
