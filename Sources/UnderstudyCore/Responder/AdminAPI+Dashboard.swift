import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The admin endpoints the dashboard (`/__understudy/ui`) reads besides the journal: coverage,
/// a fixture's JSON, the sessions, and the page itself.
extension AdminAPI {
    /// The dashboard's page: HTML with its style and script inline, so one request (which may
    /// carry the admin token in its query, as a browser cannot add a header to a page it opens)
    /// brings all of it.
    func dashboardPage() -> Response {
        Response(
            status: 200,
            headers: [
                HeaderField(name: "Content-Type", value: "text/html; charset=utf-8"),
                HeaderField(name: "Cache-Control", value: "no-store"),
                // The page loads nothing from elsewhere and talks only to this server.
                HeaderField(name: "Content-Security-Policy", value: "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:"),
            ],
            body: Array(DashboardPage.html.utf8))
    }

    /// Whether `request` carries the admin token in the query of the page's address (`?token=`),
    /// which only the page itself accepts.
    static func carriesTokenInPageAddress(_ request: Request, token: String) -> Bool {
        request.method == "GET" && request.path == Responder.adminPrefix + "/ui" && request.query.singleValue("token").map { ConstantTime.equal($0, token) } ?? false
    }

    /// `GET /coverage`: operations × declared statuses, with the fixtures answering each.
    func coverage() -> Response {
        guard let contracts = responder.contracts else {
            return .json(["understudy": ["error": "this server runs without contracts, so it has no operations to cover; start it with --contracts DIR"]], status: 404)
        }
        return .json(ServedCoverage(fixtures: responder.index.fixtures, contracts: contracts).json)
    }

    /// `GET /fixtures/{file}`: the fixture's JSON as written, read from the fixtures folder.
    /// Only the files of loaded fixtures are read, so no other path can be asked for.
    func fixtureDocument(_ file: String) -> Response {
        guard responder.index.fixtures.contains(where: { $0.file == file }) else {
            return .json(["understudy": ["error": .string("no fixture file \"\(file)\"; name it as the journal does, e.g. yelp/search.json")]], status: 404)
        }
        guard let root = responder.fixturesRoot else {
            return .json(["understudy": ["error": .string("this server's fixtures were not loaded from a folder, so \(file) cannot be shown")]], status: 404)
        }
        do {
            let bytes = try FileBytes.read(root + "/" + file)
            return Response(status: 200, headers: [HeaderField(name: "Content-Type", value: "application/json; charset=utf-8")], body: bytes)
        } catch {
            return .json(["understudy": ["error": .string("\(file) cannot be read from \(root): \(error.reason)")]], status: 500)
        }
    }

    /// `GET /sessions`: the default session and the named ones, most recently used first, with
    /// their counts, so the dashboard can offer them.
    func sessions() -> Response {
        let all = [responder.defaultSession] + responder.namedSessions
        return .json([
            "sessions": .array(all.map { session in
                let journal = session.journal
                return .object([
                    "id": session.id.map(JSONValue.string) ?? .null,
                    "received": .number(JSONNumber(journal.receivedCount)),
                    "misses": .number(JSONNumber(journal.missCount)),
                    "violations": .number(JSONNumber(journal.violationCount)),
                ])
            })
        ])
    }

    /// The journal's entries after sequence `since` (all without it), each with its provider,
    /// and how many resets the session has had (sequence numbers start again at each).
    func journal(since: Int?) -> Response {
        let journal = session.journal
        let entries = journal.entries.filter { $0.sequence > (since ?? 0) }
        return .json([
            "received": .number(JSONNumber(journal.receivedCount)),
            "resets": .number(JSONNumber(session.resetCount)),
            "entries": .array(entries.map { entry in
                guard case .object(var members) = entry.json else { return entry.json }
                if let provider = provider(of: entry) { members["provider"] = .string(provider) }
                return .object(members)
            }),
        ])
    }

    /// The provider a request was for: its contract's route, else the answer's fixture (or the
    /// nearest miss's), else the pack that answered.
    func provider(of entry: JournalEntry) -> String? {
        if let violation = entry.violation { return violation.provider }
        if let mount = responder.mount { return mount.provider }
        if let route = responder.contracts?.route(Request(method: entry.method, target: entry.rawTarget)) { return route.pack.provider }
        if let file = entry.fixture ?? entry.nearMisses?.first?.file { return file.split(separator: "/").first.map(String.init) }
        return entry.answeredBy?.split(separator: ":").first.map(String.init)
    }

    /// Every state each scenario is known to take: `Started` and the states fixtures require or move to.
    func scenarioStates() -> JSONValue {
        var states: [String: Set<String>] = [:]
        for case let step? in responder.index.fixtures.map(\.scenario) {
            states[step.name, default: [ScenarioStep.initialState]].formUnion([step.requires, step.moveTo].compactMap { $0 })
        }
        return .object(states.mapValues { .array($0.sorted().map(JSONValue.string)) })
    }
}
