import ArgumentParser
import UnderstudyCore

/// `understudy import-har`: turn an HTTP Archive into fixtures.
struct ImportHARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-har",
        abstract: "Turn an HTTP Archive (browser devtools, Charles, Proxyman) into fixtures.",
        discussion: """
            Each entry on a provider's host (api.yelp.com, maps.googleapis.com, graph.facebook.com, \
            s3.amazonaws.com, sandbox.bottlerocketapps.com) becomes <out>/<provider>/<name>.json with its \
            body beside it, byte for byte. Credentials in query parameters become {"present": true}; \
            they never reach the disk. Other hosts and repeated requests are skipped and listed.
            """
    )

    @Argument(help: ArgumentHelp("The .har file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The fixtures folder to write into.", valueName: "dir"))
    var out: String

    func run() throws {
        let summary: HARImportSummary
        do {
            summary = try HARImporter.importArchive(at: file, into: out)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(65)
        }
        let providers = summary.byProvider.keys.sorted().map { "\($0) \(summary.byProvider[$0]!)" }.joined(separator: ", ")
        Console.line("Wrote \(summary.written) fixtures to \(out)\(providers.isEmpty ? "" : " (\(providers))")")
        for skipped in summary.skipped {
            Console.line("  skipped entry \(skipped.index) \(skipped.url): \(skipped.reason)")
        }
    }
}
