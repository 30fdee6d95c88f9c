import ArgumentParser

/// The `understudy` command: a fake server for the APIs restaurant apps use.
@main
struct Understudy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "understudy",
        abstract: "Replay Yelp, Google Places, Facebook Graph and feed responses from fixture files.",
        version: "0.1.0",
        subcommands: [ServeCommand.self, RecordCommand.self, LintCommand.self, VerifyCommand.self, ImportHARCommand.self, DriftCommand.self]
    )

    /// The process's set-up, then the command line as usual.
    static func main() async {
        DescriptorLimit.raiseToHardLimit()
        ParentWatch.start()
        await main(nil)
    }
}
