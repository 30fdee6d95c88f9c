import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyTooling

/// `understudy lint`: the checks `serve` makes at startup, without serving; with `--secrets`,
/// the leak gate too.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check every fixture and report all problems, by file and JSON path.",
        discussion: """
            Exits 0 when every fixture is valid and no two can never be told apart, 65 otherwise. With \
            --secrets, also fails on anything in the tree (fixtures, body files, hidden files) that looks \
            like a credential: key and token shapes, Bearer headers with a literal token, JWTs, random-looking \
            values of secret-named parameters and members. The canonical fakes of docs/contracts.md and \
            the recorder's placeholders pass, exactly as written; a value merely containing FAKE does not. \
            With the contracts (the folder beside the fixtures, or --contracts), it also warns, without \
            failing, about answers holding absolute times the packs list that are already past in a fixture \
            without recordedAt: replayed on the real clock they say a token has expired.
            """
    )

    @OptionGroup var options: FixtureOptions
    @OptionGroup var contractOptions: ContractOptions

    @Flag(help: "Also run the leak gate: fail on anything that looks like a credential.")
    var secrets = false

    func run() throws {
        let scan = secrets ? LeakGate.scan(root: options.fixtures) : nil
        if let scan, !scan.findings.isEmpty {
            let files = Set(scan.findings.map(\.file)).count
            Console.error("\(scan.findings.count) possible credential\(scan.findings.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") (replace each with a canonical fake, see docs/contracts.md):")
            for finding in scan.findings { Console.error("  \(finding)") }
        }
        let fixtures = try options.load()
        Console.line("OK: \(FixtureOptions.summary(of: fixtures)) in \(options.fixtures)")
        if let (contracts, _) = try contractOptions.load(besideFixtures: options.fixtures) {
            for finding in TimeBombs.find(in: fixtures, contracts: contracts, now: Date()) { Console.error("warning: \(finding)") }
        }
        guard let scan else { return }
        guard scan.findings.isEmpty else { throw ExitCode(65) }
        Console.line("OK: no credentials in \(scan.files) files in \(options.fixtures)")
    }
}
