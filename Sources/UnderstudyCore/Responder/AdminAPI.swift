/// The admin API under `/__understudy/`: health, the journal, the misses, reset.
struct AdminAPI {
    let responder: Responder

    static let endpoints: [JSONValue] = [
        "GET /__understudy/health", "GET /__understudy/journal", "GET /__understudy/unmatched", "POST /__understudy/reset",
    ]

    func respond(to request: Request) -> Response {
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
        case (_, "/health"), (_, "/journal"), (_, "/unmatched"), (_, "/reset"):
            return .json(["understudy": ["error": .string("\(request.method) is not allowed on \(request.path)"), "endpoints": .array(Self.endpoints)]], status: 405)
        default:
            return .json(["understudy": ["error": .string("no admin endpoint \(request.path)"), "endpoints": .array(Self.endpoints)]], status: 404)
        }
    }
}
