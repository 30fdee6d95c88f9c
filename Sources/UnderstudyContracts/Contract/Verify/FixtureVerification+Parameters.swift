import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Parameter conditions: declared names, values that fit their schemas, and requests the
/// contract would answer itself before any fixture is asked (`required`, rules).
extension FixtureVerification {
    package mutating func checkParameters(_ route: ContractRoute, _ operation: ContractOperation, success: Bool) {
        checkUndeclared(route.pack, operation)
        let request = ConditionedRequest(
            operation: operation, values: conditions(operation, pathParameters: route.pathParameters), unconditionedIsAbsent: success)
        checkValues(request, route.pack)
        if request.checksOthers { checkRequiredAndRules(request, route.pack) }
    }

    /// A query condition on a parameter the operation does not declare (a credential's
    /// placement is checked on its own).
    private mutating func checkUndeclared(_ pack: ProviderPack, _ operation: ContractOperation) {
        let declared = operation.parameters.filter { $0.location == .query }.map(\.name)
        for name in fixture.request.query.keys.sorted()
        where operation.queryParameter(name) == nil && !isCredentialName(name, pack: pack, operation: operation) {
            let hint = declared.first { PackDecoder.isNearMiss($0, name) }.map { "did you mean \($0)?" }
                ?? "declared: " + (declared.isEmpty ? "none" : declared.joined(separator: ", "))
            report(document.queryPath(name), "\(operation.id) declares no query parameter \(name) (\(hint)); the real API ignores it, so the condition is probably a typo")
        }
    }

    /// Exact values against their parameters' schemas: a value that breaks one is answered by the contract.
    private mutating func checkValues(_ request: ConditionedRequest, _ pack: ProviderPack) {
        let operation = request.operation
        for parameter in operation.parameters {
            guard case .exact(let texts) = request.values[parameter.name], let schema = parameter.schema else { continue }
            guard let finding = schema.validate(parameter.value(of: texts)).first else { continue }
            let secret = isCredentialName(parameter.name, pack: pack, operation: operation)
            let written = texts.map { "\(parameter.name)=\(secret ? Redaction.placeholder : $0)" }.joined(separator: "&")
            let detail = (finding.instancePath.isEmpty ? "" : "item \(finding.instancePath.dropFirst()): ") + "expected \(finding.expected), got \(finding.actual)"
            report(path(of: parameter), "can never be reached: the contract answers \(written) itself with \(Self.name(pack.invalidRequest)) (\(detail))")
        }
    }

    /// Required parameters and the first rule every allowed request breaks: the contract answers those first.
    private mutating func checkRequiredAndRules(_ request: ConditionedRequest, _ pack: ProviderPack) {
        let operation = request.operation, invalid = Self.name(pack.invalidRequest)
        for parameter in operation.parameters where parameter.required && parameter.location != .path && request.state(parameter.name) == .absent {
            if request.values[parameter.name] == .absent {
                report(path(of: parameter), "can never be reached: \(parameter.name) is required, and the contract answers a request without it itself with \(invalid)")
            } else {
                report(path(of: parameter),
                       "\(parameter.name) is required by \(operation.id) but not conditioned: a success answer must describe a request the contract accepts, and the contract answers one without \(parameter.name) itself with \(invalid); condition it with a value, {\"present\": true} or a pattern")
            }
        }
        guard let rule = operation.enforcedRules.first(where: request.breaks) else { return }
        let names = (rule.parameterNames + rule.when.keys.sorted()).uniqued()
        let conditions = request.describe(names) { isCredentialName($0, pack: pack, operation: operation) }
        let answer = "the contract answers a request with \(conditions) itself with \(Self.name(rule.error ?? pack.invalidRequest))"
            + (rule.message.map { " (\"\($0)\")" } ?? "")
        // A success fixture's unconditioned parameters were taken as absent: it may be reached, but describes no valid request.
        let assumed = request.unconditionedIsAbsent && names.contains { (request.values[$0] ?? .unconditioned) == .unconditioned }
        report(JSONPath.root.appending("request").appending("query"),
               assumed ? "a success answer must describe a request the contract accepts, but \(answer); condition the parameters the rule needs" : "can never be reached: \(answer)")
    }

    /// Each of the operation's parameters as the fixture conditions it.
    private func conditions(_ operation: ContractOperation, pathParameters: [String: String]) -> [String: ConditionedValue] {
        var values: [String: ConditionedValue] = [:]
        for parameter in operation.parameters {
            switch parameter.location {
            case .query: values[parameter.name] = ConditionedValue(fixture.request.query[parameter.name])
            case .header: values[parameter.name] = ConditionedValue(fixture.request.headers[parameter.name.lowercased()])
            case .path:
                // A `{name}` segment of a fixture template stands for any value.
                guard let text = pathParameters[parameter.name] else { continue }
                values[parameter.name] = text.hasPrefix("{") && text.hasSuffix("}") ? .present : .exact([text])
            }
        }
        return values
    }

    private func path(of parameter: ContractParameter) -> JSONPath {
        switch parameter.location {
        case .query: document.queryPath(parameter.name)
        case .header: document.requestHeaderPath(parameter.name)
        case .path: JSONPath.root.appending("request").appending("path")
        }
    }

    private static func name(_ answer: String?) -> String { answer ?? "an invalid-request error" }
}
