/// Answers requests from fixtures: the one piece of behaviour shared by the NIO server, the
/// in-process test transport and the CLI, so they can never disagree.
///
/// It is a reference type because it owns per-fixture state (positions in sequences) and the
/// journal; both are guarded by locks, so one responder serves many connections at once.
public final class Responder: Sendable {
    /// The reserved path prefix of the admin API.
    public static let adminPrefix = "/__understudy"

    /// The fixtures and their index.
    public let index: FixtureIndex
    /// The record of requests.
    public let journal: Journal
    private let bodies: BodyStore
    private let sequencePositions = Locked([String: Int]())
    private let scenarioStates = Locked([String: String]())

    /// Set when one provider is served alone at the root of its port.
    public let mount: ProviderMount?
    /// The time templates read and delays wait on; a `ManualClock` in tests.
    public let clock: any ServerClock
    /// The delay of fixtures that name none.
    public let defaultDelay: Delay?
    /// Seeds random delays: the same seed gives the same delays in every run.
    public let delaySeed: UInt64
    /// When set, every admin request must carry it in `X-Understudy-Admin-Token`; when not,
    /// the admin API answers clients on this machine only.
    public let adminToken: String?
    private let answerCounts = Locked([String: Int]())
    private let overrides = Locked([String: AnswerOverride]())

    /// - Parameters:
    ///   - fixtures: the fixtures to answer from.
    ///   - mount: for a provider served alone, its base path, put in front of request paths
    ///     that lack it (paths that already carry it, or that only match without it, still work).
    ///   - journalCapacity: how many requests (and, separately, misses) the journal keeps.
    ///   - bodyCacheBytes: how many bytes of body files to keep in memory.
    ///   - clock: the time templates read (`now`) and delays wait on.
    ///   - defaultDelay: the delay of fixtures that name none.
    ///   - delaySeed: seeds random delays.
    ///   - adminToken: required on admin requests when set; otherwise only local clients may use them.
    public init(
        fixtures: [Fixture], mount: ProviderMount? = nil, clock: any ServerClock = SystemClock(), defaultDelay: Delay? = nil,
        delaySeed: UInt64 = 0, adminToken: String? = nil, journalCapacity: Int = 1000, bodyCacheBytes: Int = 32 << 20
    ) {
        self.adminToken = adminToken
        self.mount = mount
        self.clock = clock
        self.defaultDelay = defaultDelay
        self.delaySeed = delaySeed
        index = FixtureIndex(fixtures)
        journal = Journal(capacity: journalCapacity)
        bodies = BodyStore(budget: bodyCacheBytes)
    }

    /// The answer to `request`: the admin API, a fixture's response, or a miss report.
    public func respond(to request: Request) -> Response {
        if request.path == Self.adminPrefix || request.path.hasPrefix(Self.adminPrefix + "/") {
            return AdminAPI(responder: self).respond(to: request)
        }
        let mounted = mount?.mounted(request)
        guard let (fixture, matched) = match(request, mounted: mounted) else {
            let asked = mounted ?? request
            let states = scenarioStates.withLock { $0 }
            let nearMisses = index.nearMisses(for: asked, scenarioState: { states[$0] ?? ScenarioStep.initialState })
            let response = MissReport(request: asked, nearMisses: nearMisses).response
            journal.record(method: request.method, target: request.target, status: response.status, fixture: nil, nearMisses: nearMisses)
            return response
        }
        let chosen = fixture.responses[nextPosition(in: fixture)]
        var response = render(chosen, of: fixture, for: matched)
        response.dribble = chosen.dribble
        let override = overrides.withLock { $0.isEmpty ? nil : $0[fixture.file] }
        if let delay = override?.delay ?? chosen.delay ?? defaultDelay {
            response.delay = delay.seconds(seed: delaySeed, file: fixture.file, count: nextAnswerCount(of: fixture, delay: delay))
        }
        if let status = override?.status { response.status = status }
        if let fault = override?.fault { response.fault = fault }
        journal.record(method: request.method, target: request.target, status: response.status, fixture: fixture.file, nearMisses: nil)
        return response
    }

    /// The best fixture for the request, the base-path form first (it is what an SDK pointed
    /// at this port's root means). With scenarios, matching and the state change it causes
    /// happen under one lock, so concurrent requests see the transitions in some single order.
    /// Returns the fixture and the form of the request it matched.
    private func match(_ request: Request, mounted: Request?) -> (Fixture, Request)? {
        func find(_ state: (String) -> String) -> (Fixture, Request)? {
            if let mounted, let fixture = index.bestMatch(for: mounted, scenarioState: state) { return (fixture, mounted) }
            return index.bestMatch(for: request, scenarioState: state).map { ($0, request) }
        }
        guard index.usesScenarios else { return find { _ in ScenarioStep.initialState } }
        return scenarioStates.withLock { states in
            let current = states  // a copy-on-write snapshot the lookups can capture
            let found = find { current[$0] ?? ScenarioStep.initialState }
            if let step = found?.0.scenario, let next = step.moveTo { states[step.name] = next }
            return found
        }
    }

    /// Every scenario the fixtures name, with its current state.
    public var scenarios: [String: String] {
        let states = scenarioStates.withLock { $0 }
        var all: [String: String] = [:]
        for case let step? in index.fixtures.map(\.scenario) { all[step.name] = states[step.name] ?? ScenarioStep.initialState }
        return all
    }

    /// Puts scenario `name` in `state` (a test's shortcut to the middle of a flow).
    /// - Returns: false when no fixture names the scenario.
    @discardableResult
    public func setScenario(_ name: String, to state: String) -> Bool {
        guard index.fixtures.contains(where: { $0.scenario?.name == name }) else { return false }
        scenarioStates.withLock { $0[name] = state }
        return true
    }

    /// Changes fixture `file`'s answer until `reset` or `removeOverrides`.
    /// - Returns: false when no fixture has that file name.
    @discardableResult
    public func override(_ file: String, with override: AnswerOverride) -> Bool {
        guard index.fixtures.contains(where: { $0.file == file }) else { return false }
        overrides.withLock { $0[file] = override }
        return true
    }

    /// The overrides in force, by fixture file.
    public var activeOverrides: [String: AnswerOverride] { overrides.withLock { $0 } }

    /// Removes every override.
    public func removeOverrides() {
        overrides.withLock { $0.removeAll() }
    }

    /// Clears the journal, rewinds every sequence and every random delay, returns every
    /// scenario to `Started`, and removes every override.
    public func reset() {
        removeOverrides()
        journal.reset()
        sequencePositions.withLock { $0.removeAll() }
        scenarioStates.withLock { $0.removeAll() }
        answerCounts.withLock { $0.removeAll() }
    }

    /// How many times the fixture has answered before, for seeding random delays (a fixed
    /// delay needs no count, so it takes no lock).
    private func nextAnswerCount(of fixture: Fixture, delay: Delay) -> Int {
        if case .fixed = delay { return 0 }
        return answerCounts.withLock { counts in
            defer { counts[fixture.file, default: 0] += 1 }
            return counts[fixture.file, default: 0]
        }
    }

    /// The response to play now: sequences advance on each match and stay on their last step.
    private func nextPosition(in fixture: Fixture) -> Int {
        guard fixture.responses.count > 1 else { return 0 }
        return sequencePositions.withLock { positions in
            let position = positions[fixture.file, default: 0]
            positions[fixture.file] = position + 1
            return min(position, fixture.responses.count - 1)
        }
    }

    private func render(_ response: FixtureResponse, of fixture: Fixture, for request: Request) -> Response {
        if let template = response.template {
            let context = TemplateContext(request: request, pathParameters: fixture.request.path.parameters(in: request), now: clock.now)
            var headers = response.headers
            for (position, value) in template.headers { headers[position].value = value.render(context) }
            var body: [UInt8] = []
            switch template.body {
            case .json(let json): body = JSONWriter.bytes(json.render(context))
            case .text(let text): body = Array(text.render(context).utf8)
            case nil: if case .bytes(let bytes) = response.body { body = bytes }
            }
            return Response(status: response.status, headers: headers, body: body, fault: response.fault)
        }
        switch response.body {
        case .bytes(let bytes):
            return Response(status: response.status, headers: response.headers, body: bytes, fault: response.fault)
        case .file(let file):
            do {
                return Response(status: response.status, headers: response.headers, body: try bodies.bytes(of: file), fault: response.fault)
            } catch {
                // The file was there at load time; say which fixture lost it instead of failing silently.
                return Response.json(
                    ["understudy": ["error": .string("body file of \(fixture.file) cannot be read: \(error.reason)"), "fixture": .string(fixture.file)]],
                    status: 500)
            }
        }
    }
}
