import UnderstudyJSON
import UnderstudySupport
/// One condition of a fixture that a request did not meet, as shown in a near-miss report.
public struct Mismatch: Sendable, Hashable {
    /// Which condition: `method`, `path`, `query.term`, `header.authorization`, `body`.
    public let condition: String
    /// What the fixture expects, e.g. `"pizza"`, `matches /^Bearer .+/`, `absent`.
    public let expected: String
    /// What the request had, e.g. `"sushi"` or `(absent)`.
    public let actual: String
}

extension RequestPattern {
    /// Whether `request` meets every condition.
    package func matches(_ request: Request) -> Bool {
        guard request.method == method, path.matches(request) else { return false }
        let query = request.query
        for check in queryChecks where !check.holds(in: query) { return false }
        let headers = request.headers
        for check in headerChecks where !check.holds(in: headers) { return false }
        return body?.isSatisfied(by: request.body) ?? true
    }

    /// Every condition `request` fails, in a stable order (method, path, query, headers, body);
    /// `showingBody` writes the request's body as a report may show it (credentials redacted).
    public func mismatches(for request: Request, showingBody: (Request) -> String) -> [Mismatch] {
        var found: [Mismatch] = []
        if request.method != method {
            found.append(Mismatch(condition: "method", expected: method, actual: request.method))
        }
        if !path.matches(request) {
            found.append(Mismatch(condition: "path", expected: path.text, actual: request.path))
        }
        for (name, condition) in query.sorted(by: { $0.key < $1.key }) {
            let values = request.query.values(name)
            if !condition.isSatisfied(by: values) {
                let actual = Redaction.isSecretParameter(name) && !values.isEmpty
                    ? "(\(values.count) value\(values.count == 1 ? "" : "s"), a credential: not shown)"
                    : Redaction.shapesRedacted(ValueCondition.describe(values))
                found.append(Mismatch(condition: "query.\(name)", expected: condition.expectation, actual: actual))
            }
        }
        for (name, condition) in headers.sorted(by: { $0.key < $1.key }) {
            let values = request.headerValues(name)
            if !condition.isSatisfied(by: values) {
                // Header values are often credentials: show only whether they were there. A
                // field mask is not one, and the fields it asks beyond the recorded mask are the news.
                var actual = values.isEmpty ? "(absent)" : "(\(values.count) value\(values.count == 1 ? "" : "s"), not shown)"
                if case .withinMask(let recorded) = condition, values.count == 1, let asked = FieldMask(values[0]) {
                    // Redacted by shape as query values are: a mask is no credential, but it is what the client sent.
                    actual = "asks for fields outside it: " + Redaction.shapesRedacted(asked.paths(outside: recorded).joined(separator: ", "))
                }
                found.append(Mismatch(condition: "header.\(name)", expected: condition.expectation, actual: actual))
            }
        }
        if let body, !body.isSatisfied(by: request.body) {
            found.append(Mismatch(condition: "body", expected: body.expectation, actual: showingBody(request)))
        }
        return found
    }
}
