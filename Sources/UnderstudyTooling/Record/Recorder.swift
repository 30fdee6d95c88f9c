import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// `understudy record`'s decisions: which requests go upstream, and what becomes of each answer.
///
/// A forwarded request is sent to its provider's real origin (the pack's `upstream`, the
/// operation's own server, or an `--upstream` override); the answer is scrubbed (see
/// `Scrubbing`), checked against the contract, compared with the fixture it replaces, written
/// (body file first, then the fixture, each atomically) and returned to the client exactly as
/// a replay of the new fixture will answer. Identical requests in flight at once share one
/// upstream call and one fixture. An upstream that gives no answer gets the client a 502
/// naming the upstream and the reason, and writes nothing.
///
/// Foundation only: the network is behind `Upstream`, so this is tested without one.
public final class Recorder: Forwarder {
    /// What is forwarded.
    public let mode: RecordMode
    /// The fixtures folder written into.
    public let root: String
    private let contracts: Contracts
    private let overrides: [String: String]
    private let upstream: any Upstream
    /// Loaded fixtures by request conditions: what mode `all` replaces in place.
    private let replaceable: [RequestPattern: Fixture]
    private let onEvent: @Sendable (RecordingEvent) -> Void
    private let ledger = SecretLedger()
    let flights = SingleFlight<RecordingOutcome>()
    /// Answers recorded in this run, with their fixture files, by request key: replayed in mode `missing`.
    private let answers = Locked([String: (response: Response, file: String)]())
    /// Files this run wrote, so a later recording of the same key replaces its own file.
    private let written = Locked(Set<String>())
    private let tally = Locked(RecordingSummary())

    /// - Parameters:
    ///   - mode: what is forwarded.
    ///   - root: the fixtures folder to write into.
    ///   - contracts: the packs: which provider a request belongs to, its origin, its secrets, its contract.
    ///   - upstreamOverrides: origins by provider name, replacing the packs' (`yelp` → `http://127.0.0.1:5555`).
    ///   - upstream: what sends requests.
    ///   - existing: the fixtures loaded from `root`; mode `all` replaces those a recording equals.
    ///   - onEvent: called as fixtures are written or requests fail, from any thread.
    public init(
        mode: RecordMode, root: String, contracts: Contracts, upstreamOverrides: [String: String] = [:], upstream: any Upstream,
        existing: [Fixture] = [], onEvent: @escaping @Sendable (RecordingEvent) -> Void = { _ in }
    ) {
        self.mode = mode
        self.root = root
        self.contracts = contracts
        overrides = upstreamOverrides
        self.upstream = upstream
        var replaceable: [RequestPattern: Fixture] = [:]
        for fixture in existing.sorted(by: { $0.file < $1.file }) where fixture.scenario == nil && replaceable[fixture.request] == nil {
            replaceable[fixture.request] = fixture
        }
        self.replaceable = replaceable
        self.onEvent = onEvent
    }

    /// The origin requests of `provider` are forwarded to, if any.
    public func origin(for provider: String) -> String? {
        overrides[provider] ?? contracts.pack(named: provider)?.upstream
    }

    /// The totals so far.
    public var summary: RecordingSummary { tally.withLock { $0 } }

    /// Whether the responder hands the recorder the requests no fixture answers (modes
    /// `missing` and `all`).
    public var forwardsMisses: Bool { mode != .never }
    /// Whether the responder hands the recorder every request (mode `all`).
    public var forwardsEverything: Bool { mode == .all }

    /// Whether a provider's routes hold `request`: only such a request is forwarded (the
    /// responder answers the others as it would without recording).
    public func holds(_ request: Request) -> Bool {
        contracts.route(request) != nil
    }

    /// Counts a request the fixtures answered, for the summary.
    public func noteReplayed() {
        tally.withLock { $0.replayed += 1 }
    }

    /// `record(_:)`'s answer for the client and its journal entry's answer; `nil` when not forwarded.
    public func forward(_ request: Request) async -> (response: Response, journalAnswer: JournalEntry.Answer)? {
        let outcome = await record(request)
        guard let response = outcome.response, let answer = outcome.journalAnswer else { return nil }
        return (response, answer)
    }

    /// Forwards `request` to its provider's real origin and records the answer.
    public func record(_ request: Request) async -> RecordingOutcome {
        let shown = Redaction.target(request.target)
        guard let route = contracts.route(request) else {
            skip(request.method, shown, "no provider's routes hold \(request.path); answered from the fixtures")
            return .notForwarded
        }
        let provider = route.pack.provider
        guard let origin = overrides[provider] ?? route.upstream else {
            let reason = "no upstream known for provider \(provider); pass --upstream \(provider)=URL"
            return fail(request, origin: "(none)", reason: reason)
        }
        if RequestPath.segments(of: request.path).contains(where: { $0 == "." || $0 == ".." }) {
            // Clients and upstreams resolve dot segments differently: what was forwarded and
            // what the fixture is filed under would disagree.
            return refuse(request, reason: "the path \(request.path) holds a dot segment (. or ..); send the path it resolves to")
        }
        let real = ledger.restore(request, rules: Scrubbing.recording(route.pack))
        let plan = RecordingPlan(request: real, route: route)
        if let refusal = plan.refusal { return refuse(request, reason: refusal) }
        if mode == .missing, let earlier = answers.withLock({ $0[plan.key] }) {
            tally.withLock { $0.replayed += 1 }
            return .replayed(earlier.response, file: earlier.file)
        }
        return await flights.run(plan.key) { [self] in
            if mode == .missing, let earlier = answers.withLock({ $0[plan.key] }) { return .replayed(earlier.response, file: earlier.file) }
            return await record(real, plan: plan, route: route, origin: origin, shown: shown)
        }
    }

    private func record(_ request: Request, plan: RecordingPlan, route: ContractRoute, origin: String, shown: String) async -> RecordingOutcome {
        let started = ContinuousClock.now
        let answer: UpstreamResponse
        do {
            answer = try await upstream.send(plan.upstreamRequest(origin: origin, request: request))
        } catch {
            return fail(request, origin: origin, reason: error.reason)
        }
        if answer.headers.contains(where: { $0.hasName(MissReport.headerName) }) {
            return fail(request, origin: origin, reason: "the upstream is an Understudy with no fixture for this request (it answered a miss report)")
        }
        let encoding = answer.headers.first { $0.hasName("content-encoding") }?.value.lowercased() ?? "identity"
        if encoding != "identity", answer.body.starts(with: [0x1F, 0x8B]) {
            return fail(request, origin: origin, reason: "the body is still \(encoding)-compressed; nothing was recorded")
        }
        var fixture: ImportedFixture
        switch plan.fixture(for: answer) {
        case .fixture(let planned):
            fixture = planned
            // Its times move with the server's clock from the moment the provider answered.
            fixture.recordedAt = ImportedFixture.answerDate(answer.headers) ?? Date()
        case .skipped(let reason):
            skip(request.method, shown, reason)
            let (body, _) = BodyScrubber.scrubbed(answer.body, secrets: plan.secrets, rules: plan.rules)
            return .passedOn(Response(status: answer.status, headers: [], body: body), reason: reason)
        }
        let (body, replacedMembers) = fixture.body.map { _ in BodyScrubber.scrubbed(answer.body, secrets: fixture.secrets, rules: fixture.rules) } ?? ([], [])
        fixture.baseName = ImportedFileName.base(method: fixture.method, path: fixture.path, requestKey: fixture.requestKey)
        guard var decoded = Self.decode(fixture, root: root) else {
            return fail(request, origin: origin, reason: "the recorded exchange does not make a valid fixture (a bug: please report it)")
        }
        let previous = mode == .all ? replaceable[decoded.request] : nil
        if let previous {
            let parts = previous.file.split(separator: "/").map(String.init)
            fixture.subfolder = parts.dropFirst().dropLast().joined(separator: "/")
            fixture.baseName = String(parts.last!.dropLast(".json".count))
            fixture.name = previous.name
            fixture.priority = previous.priority
        } else {
            fixture.baseName = freeName(fixture)
        }
        if let final = Self.decode(fixture, root: root) { decoded = final }
        do {
            try FileManager.default.createDirectory(atPath: root + "/" + fixture.folder, withIntermediateDirectories: true)
            try fixture.write(body: fixture.body == nil ? nil : body, into: root, durable: true)
        } catch {
            return fail(request, origin: origin, reason: "cannot write \(fixture.file): \(error)")
        }
        written.withLock { _ = $0.insert(fixture.file) }
        let response = Response(status: answer.status, headers: decoded.responses[0].headers, body: body)
        answers.withLock { $0[plan.key] = (response, fixture.file) }
        for secret in plan.secrets + replacedMembers where !plan.rules.keeps(secret.value) {
            ledger.learn(plan.rules.placeholder(name: secret.name, value: secret.value), standsFor: secret.value)
        }
        let elapsed = ContinuousClock.now - started
        let recorded = RecordedFixture(
            file: fixture.file, provider: fixture.provider, method: fixture.method, target: shown, status: answer.status,
            replaced: previous != nil,
            contractFindings: route.responseProblems(status: response.status, headers: response.headers, body: body),
            drift: previous.map { Self.drift(from: $0, to: body) } ?? [],
            milliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000))
        tally.withLock { $0.recorded.append(recorded) }
        onEvent(.recorded(recorded))
        return .recorded(response, recorded)
    }

    /// A name no other fixture has: the stable name, or it with `-2`, `-3`… when a file this
    /// run did not write already holds it (a fixture with other conditions).
    private func freeName(_ fixture: ImportedFixture) -> String {
        var candidate = fixture
        let base = fixture.baseName
        for suffix in 2...1000 {
            let taken = FileManager.default.fileExists(atPath: root + "/" + candidate.file) && !written.withLock { $0.contains(candidate.file) }
            if !taken { break }
            candidate.baseName = "\(base)-\(suffix)"
        }
        return candidate.baseName
    }

    /// The fixture as the loader will read it: proves the document is valid before it is
    /// written, and gives the headers a replay will send.
    private static func decode(_ fixture: ImportedFixture, root: String) -> Fixture? {
        var decoder = FixtureDecoder(file: fixture.file, root: root, existingFiles: Set(fixture.bodyFileName.map { [fixture.folder + "/" + $0] } ?? []))
        return decoder.decode(JSONWriter.bytes(fixture.document, style: .pretty))
    }

    /// How a new body differs from the first answer of the fixture it replaces (both JSON).
    private static func drift(from previous: Fixture, to body: [UInt8]) -> [DriftChange] {
        guard let old = try? previous.responses[0].bodyBytes(), let before = try? JSONParser.parse(old), let after = try? JSONParser.parse(body)
        else { return [] }
        return JSONDrift.changes(from: before, to: after)
    }

    private func skip(_ method: String, _ shown: String, _ reason: String) {
        tally.withLock { $0.skipped.append("\(method) \(shown): \(reason)") }
        onEvent(.skipped(method: method, target: shown, reason: reason))
    }

    /// A request that must not be recorded: not forwarded, nothing written, and a 422 saying why.
    private func refuse(_ request: Request, reason: String) -> RecordingOutcome {
        let shown = Redaction.target(request.target)
        tally.withLock { $0.failures.append("\(request.method) \(shown): not forwarded: \(reason)") }
        onEvent(.failed(method: request.method, target: shown, upstream: "(not forwarded)", reason: reason))
        let response = Response.json(
            [
                "understudy": [
                    "error": "recording refused: the request was not forwarded and nothing was written",
                    "reason": .string(reason),
                    "request": ["method": .string(request.method), "path": .string(request.path)],
                ]
            ], status: 422, headers: [HeaderField(name: "X-Understudy-Recording-Refused", value: "1")])
        return .failed(response, reason: reason)
    }

    private func fail(_ request: Request, origin: String, reason: String) -> RecordingOutcome {
        let upstream = RecordedURL.redacted(origin)
        let shown = Redaction.target(request.target)
        tally.withLock { $0.failures.append("\(request.method) \(shown): \(upstream): \(reason)") }
        onEvent(.failed(method: request.method, target: shown, upstream: upstream, reason: reason))
        let response = Response.json(
            [
                "understudy": [
                    "error": "recording failed: the upstream gave no usable answer; nothing was written",
                    "upstream": .string(upstream),
                    "reason": .string(reason),
                    "request": ["method": .string(request.method), "path": .string(request.path)],
                ]
            ], status: 502, headers: [HeaderField(name: "X-Understudy-Upstream-Failure", value: "1")])
        return .failed(response, reason: reason)
    }
}
