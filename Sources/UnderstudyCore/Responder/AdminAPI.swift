import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// The admin API under `/__understudy/`: health, the journal, the misses, reset, scenarios,
/// overrides, quotas, the clock, and the dashboard with what it reads (see `AdminAPI+Dashboard`).
struct AdminAPI {
    let responder: Responder
    /// The session the admin request named with its header (or the default one): journal,
    /// reset, scenarios and overrides act on it.
    let session: ResponderSession

    static let endpoints: [JSONValue] = [
        "GET /__understudy/health", "GET /__understudy/journal", "GET /__understudy/unmatched", "POST /__understudy/reset",
        "GET /__understudy/scenarios", "PUT /__understudy/scenarios/{name} {\"state\": \"...\"}",
        "GET /__understudy/overrides", "PUT /__understudy/overrides/{fixture file} {\"status\", \"delay\", \"fault\"}",
        "DELETE /__understudy/overrides", "GET /__understudy/violations", "PUT /__understudy/quota/{provider} {\"limit\": N}",
        "PUT /__understudy/appsecret/{provider} {\"secret\": \"...\", \"required\": true}",
        "PUT /__understudy/dialog/{provider} {\"user\": \"continues\" | \"cancels\" | null}",
        "GET /__understudy/clock", "POST /__understudy/clock {\"advanceSeconds\": N} (servers started with a manual clock)",
        "GET /__understudy/ui (the dashboard, in a browser)", "GET /__understudy/coverage", "GET /__understudy/fixtures/{fixture file}",
        "GET /__understudy/sessions", "GET /__understudy/journal?since=N (entries after sequence N)",
        "POST /__understudy/idtoken/{provider} {\"nonce\": \"...\", \"claims\": {...}}", "GET /__understudy/idtoken/{provider}",
    ]

    /// The header that carries the admin token.
    static let tokenHeader = "X-Understudy-Admin-Token"

    func respond(to request: Request) -> Response {
        if let refusal = AdminGuard(token: responder.adminToken, ownHosts: responder.adminHosts, ownOrigins: responder.adminOrigins).refusal(for: request) { return refusal }
        let endpoint = String(request.path.dropFirst(Responder.adminPrefix.count))
        switch (request.method, endpoint) {
        case ("GET", "/health"):
            return .json(["status": "ok", "fixtures": .number(JSONNumber(responder.index.fixtures.count))])
        case ("GET", "/journal"):
            let since = request.query.singleValue("since")
            let after = since.flatMap { Int($0) }
            if let since, (after ?? -1) < 0 {
                return .json(["understudy": ["error": .string("query parameter since: expected a sequence number ≥ 0, got \"\(since)\"")]], status: 400)
            }
            return journal(since: after)
        case ("GET", "/unmatched"):
            let entries = session.journal.unmatched
            return .json([
                "misses": .number(JSONNumber(session.journal.missCount)),
                "entries": .array(entries.map(\.json)),
            ])
        case ("POST", "/reset"):
            session.reset()
            return .json(["reset": true])
        case ("GET", "/scenarios"):
            return .json(["scenarios": .object(session.scenarios.mapValues(JSONValue.string)), "states": scenarioStates()])
        case ("PUT", let path) where path.hasPrefix("/scenarios/") && path.count > "/scenarios/".count:
            return setScenario(String(path.dropFirst("/scenarios/".count)), body: request.body)
        case ("GET", "/overrides"):
            return .json(["overrides": .object(session.activeOverrides.mapValues(\.json))])
        case ("DELETE", "/overrides"):
            session.removeOverrides()
            return .json(["overrides": .object([:])])
        case ("PUT", let path) where path.hasPrefix("/overrides/") && path.count > "/overrides/".count:
            return setOverride(String(path.dropFirst("/overrides/".count)), body: request.body)
        case ("GET", "/violations"):
            return .json([
                "violations": .number(JSONNumber(session.journal.violationCount)),
                "entries": .array(session.journal.violations.map(\.json)),
            ])
        case ("PUT", let path) where path.hasPrefix("/quota/") && path.count > "/quota/".count:
            return setQuota(String(path.dropFirst("/quota/".count)), body: request.body)
        case ("PUT", let path) where path.hasPrefix("/appsecret/") && path.count > "/appsecret/".count:
            return setAppSecret(String(path.dropFirst("/appsecret/".count)), body: request.body)
        case ("PUT", let path) where path.hasPrefix("/dialog/") && path.count > "/dialog/".count:
            return setDialogUser(String(path.dropFirst("/dialog/".count)), body: request.body)
        case ("GET", "/clock"):
            return .json(["now": .string(ISO8601Time.string(from: responder.clock.now)), "manual": .bool(responder.clock is ManualClock)])
        case ("POST", "/clock"):
            return advanceClock(body: request.body)
        case ("GET", "/ui"):
            return dashboardPage()
        case ("GET", "/coverage"):
            return coverage()
        case ("GET", "/sessions"):
            return sessions()
        case (_, let path) where path.hasPrefix("/idtoken/") && path.count > "/idtoken/".count:
            return idTokens(request.method, provider: String(path.dropFirst("/idtoken/".count)), body: request.body)
        case ("GET", let path) where path.hasPrefix("/fixtures/") && path.count > "/fixtures/".count:
            return fixtureDocument(String(path.dropFirst("/fixtures/".count)))
        case (_, "/health"), (_, "/journal"), (_, "/unmatched"), (_, "/reset"), (_, "/scenarios"), (_, "/overrides"), (_, "/violations"), (_, "/clock"),
            (_, "/ui"), (_, "/coverage"), (_, "/sessions"):
            return .json(["understudy": ["error": .string("\(request.method) is not allowed on \(request.path)"), "endpoints": .array(Self.endpoints)]], status: 405)
        default:
            return .json(["understudy": ["error": .string("no admin endpoint \(request.path)"), "endpoints": .array(Self.endpoints)]], status: 404)
        }
    }

    private func setScenario(_ name: String, body: [UInt8]) -> Response {
        guard let document = try? JSONParser.parse(body), let state = document["state"]?.stringValue, !state.isEmpty else {
            return .json(["understudy": ["error": "expected a JSON body {\"state\": \"NAME\"}"]], status: 400)
        }
        guard session.setScenario(name, to: state) else {
            let known = session.scenarios.keys.sorted().map(JSONValue.string)
            return .json(["understudy": ["error": .string("no fixture names the scenario \"\(name)\""), "scenarios": .array(known)]], status: 404)
        }
        return .json(["scenario": .string(name), "state": .string(state)])
    }

    private func setQuota(_ provider: String, body: [UInt8]) -> Response {
        guard responder.contracts?.pack(named: provider)?.behaviours.quota != nil else {
            let known = responder.contracts?.packs.filter { $0.behaviours.quota != nil }.map { JSONValue.string($0.provider) } ?? []
            return .json(["understudy": ["error": .string("no loaded contract gives \"\(provider)\" a quota"), "providers": .array(known)]], status: 404)
        }
        guard let document = try? JSONParser.parse(body), let limit = document["limit"]?.intValue, limit >= 0 else {
            return .json(["understudy": ["error": "expected a JSON body {\"limit\": N} with N ≥ 0"]], status: 400)
        }
        session.setQuotaLimit(limit, for: provider)
        return .json(["provider": .string(provider), "limit": .number(JSONNumber(limit))])
    }

    /// The app secret `appsecret_proof` is checked against in this session, and whether a
    /// request must send one: a member left out keeps what the session has, `null` restores the pack's.
    private func setAppSecret(_ provider: String, body: [UInt8]) -> Response {
        guard responder.contracts?.pack(named: provider)?.behaviours.appSecretProof != nil else {
            let known = responder.contracts?.packs.filter { $0.behaviours.appSecretProof != nil }.map { JSONValue.string($0.provider) } ?? []
            return .json(["understudy": ["error": .string("no loaded contract checks an app secret proof for \"\(provider)\""), "providers": .array(known)]], status: 404)
        }
        let usage: JSONValue = "expected a JSON body {\"secret\": \"...\", \"required\": true} (either member may be left out or null)"
        guard case .object(let members)? = try? JSONParser.parse(body), Set(members.keys).isSubset(of: ["secret", "required"]) else {
            return .json(["understudy": ["error": usage]], status: 400)
        }
        var (secret, required) = session.appSecret(for: provider)
        switch members["secret"] {
        case .string(let text)? where !text.isEmpty: secret = text
        case .null?: secret = nil
        case nil: break
        default: return .json(["understudy": ["error": usage]], status: 400)
        }
        switch members["required"] {
        case .bool(let flag)?: required = flag
        case .null?: required = nil
        case nil: break
        default: return .json(["understudy": ["error": usage]], status: 400)
        }
        session.setAppSecret(secret, requiringProof: required, for: provider)
        // The secret is not echoed: the journal and the dashboard never show one.
        return .json(["provider": .string(provider), "secretSet": .bool(secret != nil), "required": required.map(JSONValue.bool) ?? .null])
    }

    private func advanceClock(body: [UInt8]) -> Response {
        guard let clock = responder.clock as? ManualClock else {
            return .json(["understudy": ["error": "this server runs on the system clock; start it with --start-time to control time"]], status: 409)
        }
        guard let document = try? JSONParser.parse(body), case .number(let seconds)? = document["advanceSeconds"], seconds.value >= 0,
            seconds.value <= 366 * 86_400
        else {
            return .json(["understudy": ["error": "expected a JSON body {\"advanceSeconds\": N} with 0 ≤ N ≤ a year"]], status: 400)
        }
        clock.advance(by: seconds.value)
        return .json(["now": .string(ISO8601Time.string(from: clock.now))])
    }

    private func setOverride(_ file: String, body: [UInt8]) -> Response {
        guard let document = try? JSONParser.parse(body) else {
            return .json(["understudy": ["error": "expected a JSON body such as {\"status\": 503} or {\"fault\": \"reset\"}"]], status: 400)
        }
        let override: AnswerOverride
        do {
            override = try AnswerOverride.parse(document)
        } catch {
            return .json(["understudy": ["error": .string(error.reason)]], status: 400)
        }
        guard session.override(file, with: override) else {
            return .json(["understudy": ["error": .string("no fixture file \"\(file)\"; name it as the journal does, e.g. yelp/search.json")]], status: 404)
        }
        return .json(["fixture": .string(file), "override": override.json])
    }
}

extension AnswerOverride {
    var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let status { members["status"] = .number(JSONNumber(status)) }
        if case .fixed(let milliseconds)? = delay { members["delay"] = .number(JSONNumber(text: String(milliseconds))!) }
        if let fault { members["fault"] = .string(fault.rawValue) }
        return .object(members)
    }
}
