import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyTooling
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
import UnderstudyServer
#if !os(Linux)
import UnderstudyURLSession
#endif

/// `understudy record`: serve the fixtures, and record what they lack from the real providers.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Serve the fixtures as a reverse proxy that records misses (or everything) from the real providers.",
        discussion: """
            A forwarded request goes to its provider's real origin (the pack's upstream, or --upstream), \
            redirects not followed. The answer is scrubbed (no credential, token or key reaches the disk), \
            checked against the contract (findings are warnings), written atomically as a fixture, and \
            returned. Modes: never (the default: replay only, like serve), missing (record misses, replay \
            the rest), all (forward everything and re-record it). Refuses to record on CI (CI set) without \
            --force. Stops on SIGINT or SIGTERM with a summary. See docs/recording.md.
            """
    )

    @OptionGroup var options: FixtureOptions

    @Option(help: ArgumentHelp("The provider packs: which provider a path belongs to, its origin and its secrets.", valueName: "dir"))
    var contracts: String = "contracts"

    @Option(help: ArgumentHelp("What is forwarded to the real providers.", valueName: "mode"))
    var mode: RecordMode = .never

    @Option(
        name: .customLong("upstream"),
        help: ArgumentHelp("Send a provider's requests to this origin instead of its pack's, e.g. yelp=http://127.0.0.1:5555. Repeatable.", valueName: "provider=URL"))
    var upstreams: [String] = []

    @Option(help: "Seconds an upstream exchange may take before the client gets a 502.")
    var upstreamTimeout: Double = 30

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port; 0 picks a free one.")
    var port: Int = 4010

    @Flag(help: "Record even on CI (when the CI environment variable is set).")
    var force = false

    /// A count line after every this many recorded fixtures.
    static let progressInterval = 25

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
        guard upstreamTimeout > 0, upstreamTimeout.isFinite else { throw ValidationError("--upstream-timeout must be a positive number of seconds") }
        _ = try overrides()
    }

    /// `--upstream provider=URL` values by provider.
    func overrides() throws -> [String: String] {
        var result: [String: String] = [:]
        for value in upstreams {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw ValidationError("--upstream '\(value)' is not provider=URL, e.g. yelp=http://127.0.0.1:5555")
            }
            let url = String(value[value.index(after: equals)...])
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
                throw ValidationError("--upstream \(value[..<equals]): '\(url)' is not an http or https URL")
            }
            result[String(value[..<equals])] = url
        }
        return result
    }

    func run() async throws {
        if mode != .never, let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty, !force {
            Console.error("""
                error: refusing to record on CI (CI=\(ci)): recording calls the real providers with real credentials \
                and rewrites fixtures. Replay with --mode never (or understudy serve), or pass --force to record anyway.
                """)
            throw ExitCode(64)  // EX_USAGE
        }
        if mode != .never { try FileManager.default.createDirectory(atPath: options.fixtures, withIntermediateDirectories: true) }
        let fixtures = try options.load()
        let packs: Contracts
        do {
            packs = try Contracts.load(from: contracts)
        } catch {
            Console.error("\(error.description)\n(record reads the packs from --contracts DIR, \(contracts) here)")
            throw ExitCode(65)
        }
        let overrides = try overrides()
        for provider in overrides.keys.sorted() where packs.pack(named: provider) == nil {
            throw ValidationError("--upstream \(provider): no pack in \(contracts) is for '\(provider)'; packs: \(packs.packs.map(\.provider).joined(separator: ", "))")
        }

        #if os(Linux)
        if let failure = CurlUpstream.loadFailure {
            throw ValidationError("record sends requests with libcurl: \(failure); install it (Debian: apt-get install libcurl4) or name it in UNDERSTUDY_LIBCURL")
        }
        #endif
        let progress = RecordingProgress()
        // The contracts apply as they do to `serve`: credentials, quotas and the other behaviours
        // are checked before a request reaches the fixtures or the real provider.
        let configuration = UnderstudyConfiguration(
            fixtures: fixtures, fixturesRoot: options.fixtures, contracts: packs,
            recording: Recording(
                mode: mode, root: options.fixtures, upstream: Self.upstream(timeout: upstreamTimeout), upstreamOverrides: overrides,
                onEvent: progress.report))
        let responder = try configuration.makeResponder()
        guard let recorder = responder.recorder as? Recorder else { preconditionFailure("a recording configuration makes a Recorder") }
        let (server, signals) = try await CommandServer.start(responder: responder, host: host, port: port)
        Console.line("Understudy recording (mode \(mode.rawValue)) into \(options.fixtures): \(FixtureOptions.summary(of: fixtures)) loaded")
        for pack in packs.packs {
            let origin = recorder.origin(for: pack.provider) ?? "(none: pass --upstream \(pack.provider)=URL)"
            Console.line("  \(pack.provider) → \(origin)\(overrides[pack.provider] != nil ? " (--upstream)" : "")")
        }
        Console.line("Listening on \(server.baseURL.absoluteString)")
        try await CommandServer.runUntilSignalled(server, signals)
        for line in RecordingProgress.summary(recorder.summary) { Console.line(line) }
    }

    /// The real providers' side: libcurl (checked to load when `run` starts) on Linux
    /// (URLSession there would load it and its libraries at every start of every command);
    /// the system's URLSession elsewhere.
    static func upstream(timeout: TimeInterval) -> any Upstream {
        #if os(Linux)
        CurlUpstream(timeout: timeout)
        #else
        URLSessionUpstream(timeout: timeout)
        #endif
    }
}

/// Progress lines while recording: one per fixture (with its contract findings and drift), a
/// count every `RecordCommand.progressInterval` fixtures, and the summary at stop.
final class RecordingProgress: Sendable {
    private let counts = Locked((recorded: 0, failed: 0))

    @Sendable func report(_ event: RecordingEvent) {
        switch event {
        case .recorded(let fixture):
            var lines = ["recorded \(fixture.file) ← \(fixture.method) \(fixture.target) \(fixture.status) (\(fixture.milliseconds) ms)\(fixture.replaced ? ", replaced" : "")"]
            lines += fixture.contractFindings.map { "  warning: contract: \($0)" }
            lines += fixture.drift.map { "  drift: \($0)" }
            let (recorded, failed) = counts.withLock { counts in
                counts.recorded += 1
                return (counts.recorded, counts.failed)
            }
            if recorded % RecordCommand.progressInterval == 0 { lines.append("… \(recorded) fixtures recorded, \(failed) upstream failures so far") }
            Console.line(lines.joined(separator: "\n"))
        case .failed(let method, let target, let upstream, let reason):
            counts.withLock { $0.failed += 1 }
            Console.line("failed \(method) \(target): \(upstream): \(reason) (answered 502, nothing written)")
        case .skipped(let method, let target, let reason):
            Console.line("not recorded \(method) \(target): \(reason)")
        }
    }

    /// The summary printed at stop.
    static func summary(_ summary: RecordingSummary) -> [String] {
        let providers = summary.byProvider.keys.sorted().map { "\($0) \(summary.byProvider[$0]!)" }.joined(separator: ", ")
        var lines = [
            "Recorded \(summary.recorded.count) fixture\(summary.recorded.count == 1 ? "" : "s")\(providers.isEmpty ? "" : " (\(providers))"), "
                + "replayed \(summary.replayed), \(summary.failures.count) upstream failure\(summary.failures.count == 1 ? "" : "s"), \(summary.skipped.count) not recorded"
        ]
        lines += summary.failures.map { "  failed: \($0)" }
        lines += summary.skipped.map { "  not recorded: \($0)" }
        let findings = summary.recorded.filter { !$0.contractFindings.isEmpty }
        if !findings.isEmpty {
            lines.append("Contract findings in \(findings.count) fixture\(findings.count == 1 ? "" : "s") (written all the same):")
            for fixture in findings { lines += fixture.contractFindings.map { "  \(fixture.file): \($0)" } }
        }
        let drifted = summary.recorded.filter { !$0.drift.isEmpty }
        if !drifted.isEmpty {
            lines.append("Drift in \(drifted.count) re-recorded fixture\(drifted.count == 1 ? "" : "s"):")
            for fixture in drifted { lines += fixture.drift.map { "  \(fixture.file): \($0)" } }
        }
        return lines
    }
}

extension RecordMode: ExpressibleByArgument {}
