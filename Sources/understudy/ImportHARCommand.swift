import ArgumentParser
import UnderstudyContracts
import UnderstudyCore
import UnderstudyTooling
import UnderstudyFixtures

/// `understudy import-har`: turn an HTTP Archive into fixtures.
struct ImportHARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-har",
        abstract: "Turn an HTTP Archive (browser devtools, Charles, Proxyman) into fixtures.",
        discussion: """
            Each entry on a provider's host, as the packs in --contracts name them (api.yelp.com, \
            maps.googleapis.com, graph.facebook.com, s3.amazonaws.com, the image hosts), becomes \
            <out>/<provider>/<name>.json with its body beside it, byte for byte. Credentials in query \
            parameters become {"present": true}; they never reach the disk. Other hosts and repeated \
            requests are skipped and listed. A tree without problems gets its snapshot in the cache \
            folder (as serve keeps one), so the first serve of it starts without reading every file.
            """
    )

    @Argument(help: ArgumentHelp("The .har file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The fixtures folder to write into.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The provider packs: which real host belongs to which provider.", valueName: "dir"))
    var contracts: String = "contracts"

    func run() throws {
        let packs: Contracts
        do {
            packs = try Contracts.load(from: contracts)
        } catch {
            Console.error("\(error.description)\n(import-har reads which host is which provider from the packs in --contracts DIR, \(contracts) here)")
            throw ExitCode(65)
        }
        let summary: HARImportSummary
        do {
            summary = try HARImporter.importArchive(at: file, into: out, hosts: ProviderHosts(contracts: packs))
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(65)
        }
        // So the first `serve` of the new tree starts from a snapshot, not from every file.
        if summary.written > 0, let snapshots = FixtureSnapshots.inUserCache() {
            _ = snapshots.keepSnapshot(ofTreeJustWritten: out, contracts: packs)
            FixtureSnapshots.finishWrites()
        }
        let providers = summary.byProvider.keys.sorted().map { "\($0) \(summary.byProvider[$0]!)" }.joined(separator: ", ")
        Console.line("Wrote \(summary.written) fixtures to \(out)\(providers.isEmpty ? "" : " (\(providers))")")
        for skipped in summary.skipped {
            Console.line("  skipped entry \(skipped.index) \(skipped.url): \(skipped.reason)")
        }
    }
}
