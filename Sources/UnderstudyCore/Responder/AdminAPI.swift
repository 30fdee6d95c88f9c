/// The admin API under `/__understudy/`: health, the journal, the misses, reset.
struct AdminAPI {
    let responder: Responder

    static let endpoints: [JSONValue] = [
        "GET /__understudy/health", "GET /__understudy/journal", "GET /__understudy/unmatched", "POST /__understudy/reset",
        "GET /__understudy/scenarios", "PUT /__understudy/scenarios/{name} {\"state\": \"...\"}",
    ]

    /// The header that carries the admin token.
    static let tokenHeader = "X-Understudy-Admin-Token"

    func respond(to request: Request) -> Response {
        if let token = responder.adminToken {
            guard request.headerValues(Self.tokenHeader.lowercased()).first == token else {
                return .json(["understudy": ["error": .string("the admin API needs the header \(Self.tokenHeader) with the server's admin token")]], status: 401)
            }
        } else if !request.fromLoopback {
            return .json(["understudy": ["error": "the admin API answers clients on the server's machine only; start the server with --admin-token to allow others"]], status: 403)
        }
        let endpoint = String(request.path.dropFirst(Responder.adminPrefix.count))
        switch (request.method, endpoint) {
        case ("GET", "/health"):
            return .json(["status": "ok", "fixtures": .number(JSONNumber(responder.index.fixtures.count))])
        case ("GET", "/journal"):
            let entries = responder.journal.entries
            return .json([
                "received": .number(JSONNumber(responder.journal.receivedCount)),
                "entries": .array(entries.map(\.json)),
            ])
        case ("GET", "/unmatched"):
            let entries = responder.journal.unmatched
            return .json([
                "misses": .number(JSONNumber(responder.journal.missCount)),
                "entries": .array(entries.map(\.json)),
            ])
        case ("POST", "/reset"):
            responder.reset()
            return .json(["reset": true])
        case ("GET", "/scenarios"):
            return .json(["scenarios": .object(responder.scenarios.mapValues(JSONValue.string))])
        case ("PUT", let path) where path.hasPrefix("/scenarios/") && path.count > "/scenarios/".count:
            return setScenario(String(path.dropFirst("/scenarios/".count)), body: request.body)
        case (_, "/health"), (_, "/journal"), (_, "/unmatched"), (_, "/reset"), (_, "/scenarios"):
            return .json(["understudy": ["error": .string("\(request.method) is not allowed on \(request.path)"), "endpoints": .array(Self.endpoints)]], status: 405)
        default:
            return .json(["understudy": ["error": .string("no admin endpoint \(request.path)"), "endpoints": .array(Self.endpoints)]], status: 404)
        }
    }

    private func setScenario(_ name: String, body: [UInt8]) -> Response {
        guard let document = try? JSONParser.parse(body), let state = document["state"]?.stringValue, !state.isEmpty else {
            return .json(["understudy": ["error": "expected a JSON body {\"state\": \"NAME\"}"]], status: 400)
        }
        guard responder.setScenario(name, to: state) else {
            let known = responder.scenarios.keys.sorted().map(JSONValue.string)
            return .json(["understudy": ["error": .string("no fixture names the scenario \"\(name)\""), "scenarios": .array(known)]], status: 404)
        }
        return .json(["scenario": .string(name), "state": .string(state)])
    }
}
