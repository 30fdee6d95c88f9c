import ArgumentParser
import UnderstudyCore

/// `understudy lint`: the checks `serve` makes at startup, without serving.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check every fixture and report all problems, by file and JSON path.",
        discussion: "Exits 0 when every fixture is valid and no two can never be told apart, 65 otherwise."
    )

    @OptionGroup var options: FixtureOptions

    func run() throws {
        let fixtures = try options.load()
        Console.line("OK: \(FixtureOptions.summary(of: fixtures)) in \(options.fixtures)")
    }
}
