import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// The answer to a request no fixture matched: a 404 whose JSON body names the closest
/// fixtures and, condition by condition, why each did not match. Never a bare 404.
public struct MissReport: Sendable {
    /// The request that missed.
    public let request: Request
    /// The closest fixtures, closest first.
    public let nearMisses: [NearMiss]
    /// Why the contract fallback, when on, could not answer instead.
    var fallbackFailure: String? = nil

    /// The header that marks a miss, so clients and tests can tell it from a recorded 404.
    public static let headerName = "X-Understudy-Miss"

    var response: Response {
        Response.json(json, status: 404, headers: [HeaderField(name: Self.headerName, value: "1")])
    }

    /// The report as JSON (the body of the 404).
    package var json: JSONValue {
        var query: [String: JSONValue] = [:]
        for (name, values) in request.query.valuesByName {
            query[name] = .array((Redaction.isSecretParameter(name) ? [Redaction.placeholder] : values.map(Redaction.shapesRedacted)).map(JSONValue.string))
        }
        var report: JSONValue = [
            "error": "no fixture matched this request",
            "request": .object(["method": .string(request.method), "path": .string(request.path), "query": .object(query)]),
            "nearMisses": .array(nearMisses.map(\.json)),
        ]
        if let fallbackFailure { report = report.setting(pointer: "/fallback", to: .string(fallbackFailure)) ?? report }
        return ["understudy": report]
    }

    /// The report as text, for a console or a test failure message.
    public var text: String {
        var lines = ["No fixture matched \(request.method) \(Redaction.shapesRedacted(Redaction.target(request.target)))"]
        if nearMisses.isEmpty { lines.append("  (no fixtures loaded)") }
        for miss in nearMisses {
            lines.append("  closest: \(miss.file)")
            for mismatch in miss.mismatches {
                lines.append("    \(mismatch.condition): expected \(mismatch.expected), got \(mismatch.actual)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
