import ArgumentParser
import UnderstudyContracts
import UnderstudyCore
import UnderstudyFixtures

/// `understudy verify`: the fixtures against the provider packs.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every fixture against its provider's contract, and report coverage.",
        discussion: """
            Each fixture's request must fit an operation of its provider's pack (declared parameters, \
            values that fit their schemas, a request the contract would not answer itself, credentials \
            where the security scheme puts them and never real ones), and each answer the response \
            declared for its status. The packs' own error answers are checked against their schemas too. \
            Prints the findings by file and JSON path, then fixtures per operation and status. \
            Exits 0 when there are no findings, 1 when there are, 65 when fixtures or contracts do not load.
            """
    )

    @OptionGroup var options: FixtureOptions

    @Option(help: ArgumentHelp("The contracts folder: one <provider>.openapi.json per provider.", valueName: "dir"))
    var contracts: String = "contracts"

    func run() throws {
        let loaded: Contracts
        do {
            loaded = try Contracts.load(from: contracts)
        } catch {
            if error.problems.count == 1, error.problems[0].file == contracts {
                throw ValidationError("contracts folder not found at '\(contracts)'; pass --contracts DIR, or run from the repository root")
            }
            Console.error(error.description)
            throw ExitCode(65)  // EX_DATAERR, as for fixtures
        }
        let fixtures = try options.load()
        let report = ContractVerifier(contracts: loaded, fixturesRoot: options.fixtures).verify(fixtures)
        Console.line(report.text)
        if !report.isClean { throw ExitCode(1) }
    }
}
