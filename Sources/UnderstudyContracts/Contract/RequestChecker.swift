import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Checks a request against its operation, the way the real provider would before answering:
/// the credential first, then the parameters, then the rules across them. The first broken
/// check decides the provider's answer.
package struct RequestChecker {
    package let route: ContractRoute
    package let request: Request

    /// The first problem found: the violation for the journal, and the name of the pack
    /// answer with its placeholder values.
    package struct Finding {
        package let violation: ContractViolation
        package let answer: String?
        package let values: [String: String]
    }

    private var pack: ProviderPack { route.pack }

    /// The credential the operation needs, judged: a finding when it is missing or invalid,
    /// else the value (`nil` when the operation needs none), so it is read only once.
    package func credential() -> (finding: Finding?, value: String?) {
        guard let operation = route.operation, let placement = operation.credential else { return (nil, nil) }
        let found = placement.find(in: request)
        guard let rule = pack.credential else {
            if case .value(let value) = found { return (nil, value) }
            return (nil, nil)
        }
        switch found {
        case .missing:
            return (finding(.missingCredential, nil, "no credential in \(placement.description)", answer: rule.missing, message: nil, value: nil), nil)
        case .malformed:
            return (finding(.invalidCredential, nil, "\(placement.description) is not in the form the provider expects", answer: rule.invalid, message: nil, value: nil), nil)
        case .value(let value):
            guard rule.isValid(value) else {
                return (finding(.invalidCredential, nil, "the credential in \(placement.description) is not valid for \(pack.provider)", answer: rule.invalid, message: nil, value: nil), nil)
            }
            return (nil, value)
        }
    }

    /// Parameters and rules: `nil` when the request fits.
    package func parameterFinding() -> Finding? {
        guard let operation = route.operation else { return nil }
        if let override = operation.ignoreOthersWhen, operation.firstQueryValue(override, in: request) != nil {
            // Like Google's `pagetoken`: every other parameter is ignored, so check only this one.
            return operation.parameters.first { $0.name == override }.flatMap(check)
        }
        if var positions = operation.parametersToCheck(in: request) {
            // Lowest bit first: the contract's order, so the first broken check still decides.
            while positions != 0 {
                let position = positions.trailingZeroBitCount
                positions &= positions - 1
                if let found = check(operation.parameters[position]) { return found }
            }
        } else {
            for parameter in operation.parameters {
                if let found = check(parameter) { return found }
            }
        }
        // By position: the rules are read in place rather than copied one by one.
        for index in operation.enforcedRules.indices {
            let broken = operation.enforcedRules[index].isBroken(
                value: { operation.firstQueryValue($0, in: request) },
                numeric: { name in
                    if let text = operation.firstQueryValue(name, in: request) { return Double(text) }
                    if case .number(let number)? = operation.queryParameter(name)?.defaultValue { return number.value }
                    return nil
                })
            guard broken else { continue }
            let rule = operation.enforcedRules[index]
            let name = rule.parameter
            let value = operation.firstQueryValue(name, in: request)
            return finding(
                .brokenRule, name, rule.message ?? "parameters break a rule of \(operation.id)", answer: rule.error ?? pack.invalidRequest,
                message: rule.message, value: isSecret(name) ? nil : value)
        }
        return operation.requestBody.flatMap(checkBody)
    }

    /// The JSON body against the contract's schema: the first finding names its member as a
    /// dotted path (`locationRestriction.circle.radius`), as Google's messages do.
    private func checkBody(_ declared: ContractOperation.RequestBody) -> Finding? {
        guard !request.body.isEmpty else {
            guard declared.required else { return nil }
            return finding(.missingParameter, "body", "a JSON request body is required", answer: pack.invalidRequest, message: pack.messages.missing, value: nil)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(request.body)
        } catch {
            let detail = "the request body is not JSON: \(error.message) (line \(error.line), column \(error.column))"
            return finding(.invalidParameter, "body", detail, answer: pack.invalidRequest, message: pack.messages.invalid, value: nil)
        }
        guard let first = declared.schema.validate(json).first else { return nil }
        let member = first.instancePath.split(separator: "/").map { JSONPointer.unescape($0) }.joined(separator: ".")
        let name = member.isEmpty ? "body" : member
        let value = json.at(pointer: first.instancePath).map { $0.stringValue ?? JSONWriter.string($0) }
        return finding(
            .invalidParameter, name, "body member \(name): expected \(first.expected), got \(first.actual)", answer: pack.invalidRequest,
            message: pack.messages.invalid, value: value.map { String($0.prefix(200)) })
    }

    private func check(_ parameter: ContractParameter) -> Finding? {
        let texts = parameter.texts(in: request, pathParameters: route.pathParameters)
        // Built only for a finding: most requests pass every parameter.
        var place: String { "\(parameter.location.rawValue) parameter \(parameter.name)" }
        if texts.isEmpty {
            guard parameter.required else { return nil }
            return finding(.missingParameter, parameter.name, "\(place) is required", answer: pack.invalidRequest, message: pack.messages.missing, value: nil)
        }
        guard let schema = parameter.schema, let first = schema.validate(parameter.value(of: texts)).first else { return nil }
        let secret = isSecret(parameter.name)
        let detail = secret ? "\(place) is not valid" : "\(place): expected \(first.expected), got \(first.actual)"
        return finding(
            .invalidParameter, parameter.name, detail, answer: pack.invalidRequest, message: parameter.message ?? pack.messages.invalid,
            value: secret ? nil : texts.first)
    }

    private func isSecret(_ name: String) -> Bool {
        pack.secrets.query.contains(name) || Redaction.isSecretParameter(name)
    }

    private func finding(
        _ kind: ContractViolation.Kind, _ parameter: String?, _ detail: String, answer: String?, message: String?, value: String?
    ) -> Finding {
        var values = ["parameter": parameter ?? "", "value": value ?? "", "operation": route.operation?.id ?? ""]
        values["message"] = message.map { PackAnswer.fill($0, values) } ?? ""
        let violation = ContractViolation(provider: pack.provider, operation: route.operation?.id, kind: kind, parameter: parameter, detail: detail)
        return Finding(violation: violation, answer: answer, values: values)
    }
}
