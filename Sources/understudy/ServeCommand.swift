import ArgumentParser
import Dispatch
import Foundation
import UnderstudyContracts
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyServer

/// `understudy serve`: answer requests from the fixtures until interrupted.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the fixtures over HTTP, every provider at its native paths on one port.",
        discussion: """
            Point an app or SDK at the printed URL in place of https://api.yelp.com, \
            https://maps.googleapis.com, https://graph.facebook.com or https://s3.amazonaws.com. \
            With contracts (./contracts by default), a request that breaks its provider's contract \
            gets the provider's own error, and credentials, quotas, page tokens, token expiry and \
            conditional GET behave as the provider's do. \
            Dashboard: open /__understudy/ui in a browser (add ?token=... with --admin-token). \
            Admin API: GET /__understudy/health, /__understudy/journal, /__understudy/unmatched, \
            /__understudy/violations; POST /__understudy/reset. Stops cleanly on SIGINT or SIGTERM. \
            A valid fixtures tree is snapshotted in $UNDERSTUDY_CACHE_DIR (else $XDG_CACHE_HOME/understudy, \
            else ~/.cache/understudy): the next start reads the snapshot while no file of the tree has changed, \
            and the files themselves otherwise.
            """
    )

    @OptionGroup var options: FixtureOptions
    @OptionGroup var contractOptions: ContractOptions

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port; 0 picks a free one.")
    var port: Int = 4010

    @Option(help: ArgumentHelp(
        "Serve one provider alone, at the root of this port: its base URL (https://api.yelp.com/v3, …) maps to the printed URL. Native paths keep working.",
        valueName: "name"))
    var provider: String?

    @Option(help: ArgumentHelp(
        "Delay every answer whose fixture names none: milliseconds (250), uniform:MIN-MAX or lognormal:MEDIAN,SIGMA. At most 600000 (10 minutes), sigma at most 10; a longer random delay is cut to 10 minutes.",
        valueName: "spec"), transform: Delay.argument)
    var delay: Delay?

    @Option(help: "Seed of random delays: the same seed gives the same delays in every run.")
    var delaySeed: UInt64 = 0

    @OptionGroup var adminTokenOptions: AdminTokenOptions

    @Option(help: ArgumentHelp(
        "Run on a manual clock starting at this ISO 8601 time, moved only by POST /__understudy/clock {\"advanceSeconds\": N}: page tokens, token expiry and quotas then follow the test, not the wall clock.",
        valueName: "time"), transform: ManualClock.startArgument)
    var startTime: Date?

    @Option(help: ArgumentHelp(
        "What answers a request of a contract's operation that no fixture answers: miss (a 404 naming the closest fixtures) or contract (an answer built from the contract's examples or schema, the same for the same request, marked X-Understudy-Generated: 1).",
        valueName: "kind"))
    var fallback: Fallback = .miss

    @Option(help: "How many requests, and separately how many misses, the journal keeps.")
    var journalCapacity: Int = 1000

    @Option(help: "Megabytes of body files kept in memory; larger sets are read from disk. Body files of 256 KB or more are sent straight from disk (sendfile) instead.")
    var bodyCacheMB: Int = 32

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
        guard journalCapacity > 0 else { throw ValidationError("--journal-capacity must be at least 1") }
        guard bodyCacheMB >= 0 else { throw ValidationError("--body-cache-mb cannot be negative") }
    }

    func run() async throws {
        let adminToken = try adminTokenOptions.resolve()
        let snapshots = FixtureSnapshots.inUserCache()
        let loaded = try options.loadTree(snapshots: snapshots)
        var fixtures = loaded.index.fixtures
        // The forms kept for the tree are read and filed while the packs load.
        let prepared = provider == nil && !contractOptions.noContracts ? snapshots.map { PreparedMatchingIndex(tree: loaded, snapshots: $0) } : nil
        if let provider {
            let known = Set(fixtures.map(\.provider))
            guard known.contains(provider) else {
                throw ValidationError("no fixtures for provider '\(provider)'; the fixtures hold: \(known.sorted().joined(separator: ", "))")
            }
            fixtures = fixtures.filter { $0.provider == provider }
        }
        let loadedContracts = try contractOptions.load(besideFixtures: options.fixtures)
        let contracts = loadedContracts?.contracts
        if fallback == .contract, contracts == nil {
            throw ValidationError("--fallback contract builds answers from the provider contracts, and none are loaded (--no-contracts, or no contracts folder beside \(options.fixtures)); pass --contracts DIR")
        }
        var mount: ProviderMount?
        if let provider { mount = try providerMount(of: provider, contracts: contracts) }
        let clock: any ServerClock = startTime.map { ManualClock(start: $0) } ?? SystemClock()
        // Without a provider filter, the index loading built is the one to match in, unless the
        // contracts put some fixture in other terms (kept across starts with the snapshots).
        let index =
            provider == nil
            ? prepared?.finish(contracts: contracts) ?? Responder.matchingIndex(reusing: loaded.index, contracts: contracts)
            : Responder.matchingIndex(of: fixtures, contracts: contracts)
        var configuration = UnderstudyConfiguration(
            fixtures: fixtures, fixturesRoot: options.fixtures, contracts: contracts, fallback: fallback, mount: mount, clock: clock,
            defaultDelay: delay, delaySeed: delaySeed, adminToken: adminToken, journalCapacity: journalCapacity, bodyCacheBytes: bodyCacheMB << 20)
        configuration.matchingIndex = index
        let responder = try configuration.makeResponder()
        let (server, signals) = try await CommandServer.start(responder: responder, host: host, port: port)
        Console.line("Understudy serving \(FixtureOptions.summary(of: fixtures)) from \(options.fixtures)")
        Console.line("Listening on \(server.baseURL.absoluteString)")
        Console.line("Dashboard: \(server.baseURL.absoluteString)\(Responder.adminPrefix)/ui")
        if responder.adminToken != nil {
            Console.line("Admin API: requires the header X-Understudy-Admin-Token")
        } else if !["127.0.0.1", "localhost", "::1"].contains(host) {
            Console.line("Admin API: answers clients on this machine only (--admin-token allows others)")
        }
        if let mount {
            Console.line("\(mount.provider) alone: use \(server.baseURL.absoluteString) as its base URL in place of \(mount.baseURL)")
        }
        if let loadedContracts {
            let providers = loadedContracts.contracts.packs.map(\.provider).joined(separator: ", ")
            Console.line("Contracts: \(providers) from \(loadedContracts.folder); requests are checked and provider behaviours apply")
        }
        if fallback == .contract {
            Console.line("Fallback: requests no fixture answers get an answer built from the contract (X-Understudy-Generated: 1)")
        }
        if let startTime { Console.line("Clock: manual, starting \(ISO8601DateFormatter().string(from: startTime)); advance it with POST /__understudy/clock") }
        try await CommandServer.runUntilSignalled(server, signals)
        FixtureSnapshots.finishWrites()
        let violations = responder.journal.violationCount
        Console.line("Stopped after \(responder.journal.receivedCount) requests (\(responder.journal.missCount) unmatched\(contracts == nil ? "" : ", \(violations) breaking the contract"))")
    }
}

extension ServeCommand {
    /// Where `provider`'s API lives, from its pack: the packs in use, or with `--no-contracts`
    /// the packs beside the fixtures, read for this alone.
    func providerMount(of provider: String, contracts: Contracts?) throws -> ProviderMount {
        guard let packs = try contracts ?? contractOptions.loadPacks(besideFixtures: options.fixtures) else {
            throw ValidationError("--provider \(provider) needs its provider pack (its basePath says where its API is mounted), and no contracts folder was found beside \(options.fixtures); pass --contracts DIR")
        }
        guard let pack = packs.pack(named: provider) else {
            throw ValidationError("no pack for provider '\(provider)'; packs: \(packs.packs.map(\.provider).joined(separator: ", "))")
        }
        return ProviderMount(pack: pack)
    }
}

/// Turns signals into a callback instead of the default immediate exit, so the server can
/// close its socket and report before the process ends.
final class SignalWatcher: @unchecked Sendable {  // its sources are set once; dispatch sources may be cancelled from any thread
    private let sources: [any DispatchSourceSignal]

    /// Returns once every source is registered (or after a second each, at most): until then
    /// a signal would find the default action already replaced and be lost.
    init(signals: [Platform.StopSignal], handler: @escaping @Sendable (Platform.StopSignal) -> Void) {
        sources = signals.map { stopSignal in
            Platform.ignore(stopSignal)
            let registered = DispatchSemaphore(value: 0)
            let source = DispatchSource.makeSignalSource(signal: stopSignal.number, queue: .global())
            source.setEventHandler { handler(stopSignal) }
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            _ = registered.wait(timeout: .now() + 1)
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}

extension Fallback: ExpressibleByArgument {}

extension Delay {
    /// `--delay`'s value: milliseconds (`250`), `uniform:MIN-MAX` or `lognormal:MEDIAN,SIGMA`.
    static func argument(_ text: String) throws -> Delay {
        do throws(Delay.Invalid) {
            return try Delay.read(text)
        } catch {
            throw ValidationError(
                "--delay '\(text)' is not a delay: \(error.reason); use milliseconds from 0 to \(Int(Delay.maximumMilliseconds)) (10 minutes): 250, uniform:50-300 or lognormal:200,0.5 (sigma at most \(Int(Delay.maximumSigma)))")
        }
    }
}

extension ManualClock {
    /// `--start-time`'s value: an ISO 8601 time.
    static func startArgument(_ text: String) throws -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw ValidationError("--start-time '\(text)' is not an ISO 8601 time such as 2026-01-01T09:00:00Z")
        }
        return date
    }
}
