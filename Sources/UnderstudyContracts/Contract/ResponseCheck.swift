import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Checking a response against what its operation declares: the status, the media type, the
/// required headers and the body's schema.
extension ContractRoute {
    /// What is wrong with a response of `status` to this route's operation; empty when it
    /// fits (or when the route has no operation, which `problems` of the request report).
    /// `body` is parsed as JSON only when the declared schema is for JSON.
    public func responseProblems(status: Int, headers: [HeaderField], body: [UInt8]) -> [String] {
        responseFindings(status: status, headers: headers, body: body).map(\.message)
    }

    /// The same checks, each problem with the part of the response it is about, so a caller
    /// can point at it (a fixture's JSON path). A `nil` body is one that is there but not
    /// checked against the schema (a template, an image not read); its media type still is.
    public func responseFindings(status: Int, headers: [HeaderField], body: [UInt8]?) -> [ResponseProblem] {
        guard let operation else { return [] }
        guard let declared = operation.response(for: status) else {
            let statuses = operation.responses.keys.sorted().joined(separator: ", ")
            return [ResponseProblem(part: .status, message: "status \(status) is not a response \(operation.id) declares (\(statuses))")]
        }
        var problems: [ResponseProblem] = []
        let contentType = headers.first { $0.hasName("Content-Type") }?.value
        if body.map({ !$0.isEmpty }) ?? true, !declared.declares(contentType) {
            problems.append(ResponseProblem(
                part: .contentType,
                message: "Content-Type \(contentType ?? "(none)") is not one \(operation.id) declares for \(status) (\(declared.mediaTypes.joined(separator: ", ")))"))
        }
        for name in declared.requiredHeaders where !headers.contains(where: { $0.hasName(name) }) {
            problems.append(ResponseProblem(part: .header(name), message: "header \(name) is required on \(status) answers of \(operation.id)"))
        }
        if let body, let schema = declared.schema(for: contentType), contentType == nil || ContractResponse.isJSON(contentType) {
            do {
                let json = try JSONParser.parse(body)
                problems += schema.validate(json).map { ResponseProblem(part: .bodyValue($0), message: "body \($0.description)") }
            } catch {
                problems.append(ResponseProblem(part: .body, message: "body is not JSON (\(error.message) at \(error.line):\(error.column))"))
            }
        }
        return problems
    }

    /// The operation's declared statuses, for coverage tables.
    public var declaredStatuses: [String] { operation.map { $0.responses.keys.sorted() } ?? [] }
}

/// One way a response breaks what its operation declares, and which part of it.
package struct ResponseProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Part: Sendable, Hashable {
        case status
        case contentType
        /// A required header that is missing.
        case header(String)
        /// The body as a whole: it is not JSON.
        case body
        /// One value inside the JSON body (the finding's `instancePath`).
        case bodyValue(SchemaFinding)
    }

    public let part: Part
    /// The problem in words, e.g. `body /rating: expected a number ≤ 5, got 7`.
    public let message: String

    public var description: String { message }
}

extension ContractResponse {
    /// Whether a body of `contentType` is JSON (`application/json`, `application/problem+json`).
    package static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = bareMediaType(contentType)
        return mediaType == "application/json" || mediaType.hasSuffix("+json")
    }
}
