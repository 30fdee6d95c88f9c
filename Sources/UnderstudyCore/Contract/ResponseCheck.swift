/// Checking a response against what its operation declares: the status, the media type, the
/// required headers and the body's schema.
extension ContractRoute {
    /// What is wrong with a response of `status` to this route's operation; empty when it
    /// fits (or when the route has no operation, which `problems` of the request report).
    /// `body` is parsed as JSON only when the declared schema is for JSON.
    public func responseProblems(status: Int, headers: [HTTPField], body: [UInt8]) -> [String] {
        guard let operation else { return [] }
        guard let declared = operation.response(for: status) else {
            let statuses = operation.responses.keys.sorted().joined(separator: ", ")
            return ["status \(status) is not a response \(operation.id) declares (\(statuses))"]
        }
        var problems: [String] = []
        let contentType = headers.first { $0.hasName("Content-Type") }?.value
        if !body.isEmpty, !declared.declares(contentType) {
            problems.append("Content-Type \(contentType ?? "(none)") is not one \(operation.id) declares for \(status) (\(declared.mediaTypes.joined(separator: ", ")))")
        }
        for name in declared.requiredHeaders where !headers.contains(where: { $0.hasName(name) }) {
            problems.append("header \(name) is required on \(status) answers of \(operation.id)")
        }
        if let schema = declared.schema(for: contentType), contentType == nil || ContractResponse.isJSON(contentType) {
            do {
                let json = try JSONParser.parse(body)
                problems += schema.validate(json).map { "body \($0.description)" }
            } catch {
                problems.append("body is not JSON (\(error.message) at \(error.line):\(error.column))")
            }
        }
        return problems
    }

    /// The operation's declared statuses, for coverage tables.
    public var declaredStatuses: [String] { operation.map { $0.responses.keys.sorted() } ?? [] }
}

extension ContractResponse {
    /// Whether a body of `contentType` is JSON (`application/json`, `application/problem+json`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = bareMediaType(contentType)
        return mediaType == "application/json" || mediaType.hasSuffix("+json")
    }
}
