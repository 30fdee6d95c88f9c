import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// A pack's own answers (`x-understudy.errors`, an operation's `x-understudy-errors`), filled
/// with sample placeholder values, against the declared responses of every operation that can
/// give them: an answer the contract gives must fit the contract.
package enum PackAnswerVerification {
    package static func findings(_ pack: ProviderPack) -> [FixtureProblem] {
        var findings: [FixtureProblem] = []
        var checked: Set<String> = []
        let errors = JSONPath.root.appending("x-understudy").appending("errors")
        for operation in pack.operations {
            for name in answerNames(pack, operation).sorted() {
                guard let answer = pack.answer(name, for: operation) else { continue }
                let own = operation.answers[name] != nil
                if !own { checked.insert(name) }
                let path = own ? operation.documentPath.appending("x-understudy-errors").appending(name) : errors.appending(name)
                findings += problems(answer, pack, operation).map { FixtureProblem(file: pack.file, path: path, message: $0) }
            }
        }
        // Answers no operation gives by its own rules (a rule's or a behaviour's) must fit
        // every operation that declares their status. The answer to an undeclared method is
        // given where no operation is, so no declared response describes it.
        for (name, answer) in pack.answers.sorted(by: { $0.key < $1.key }) where !checked.contains(name) && name != pack.methodNotAllowed {
            let declaring = pack.operations.filter { $0.response(for: answer.status) != nil }
            if declaring.isEmpty {
                findings.append(FixtureProblem(file: pack.file, path: errors.appending(name), message: "no operation declares status \(answer.status), so none can give this answer"))
            }
            for operation in declaring {
                findings += problems(answer, pack, operation).map { FixtureProblem(file: pack.file, path: errors.appending(name), message: $0) }
            }
        }
        return findings
    }

    /// The answers an operation can give: every one when it takes a credential (a credential
    /// error, a quota, an expired token); otherwise its own, its rules' and, when a parameter
    /// can break the contract, the pack's invalid-request answer.
    private static func answerNames(_ pack: ProviderPack, _ operation: ContractOperation) -> Set<String> {
        guard operation.credential == nil else { return Set(pack.answers.keys).union(operation.answers.keys) }
        var names = Set(operation.answers.keys).union(operation.enforcedRules.compactMap(\.error))
        if let invalid = pack.invalidRequest, !operation.enforcedRules.isEmpty || operation.parameters.contains(where: \.canFail) { names.insert(invalid) }
        return names
    }

    private static func problems(_ answer: PackAnswer, _ pack: ProviderPack, _ operation: ContractOperation) -> [String] {
        let response = answer.response(sampleValues(operation))
        let route = ContractRoute(pack: pack, contractPath: operation.path.text, operation: operation, pathParameters: [:])
        return route.responseProblems(status: response.status, headers: response.headers, body: response.body)
            .map { "\(operation.id) (\(operation.method) \(operation.path.text)) can give this answer: \($0)" }
    }

    /// Placeholder values of the kind the server fills in.
    private static func sampleValues(_ operation: ContractOperation) -> [String: String] {
        [
            "message": "A sample message.", "parameter": operation.parameters.first?.name ?? "limit", "value": "100",
            "operation": operation.id, "now": "2026-01-01T00:00:00Z", "quota.limit": "5000", "quota.remaining": "0",
            "quota.resetTime": "2026-01-02T00:00:00Z", "token.expiresAt": "Friday, 01-Mar-24 00:00:00 PST",
        ]
    }
}

extension ContractParameter {
    /// Whether some value could break the contract: a required query or header parameter
    /// (it may be left out), or a schema that refuses one of a few extreme values. A path
    /// placeholder is never empty, so an empty path value is not tried.
    package var canFail: Bool {
        if required && location != .path { return true }
        guard let schema else { return false }
        let probes = (location == .path ? [] : [""]) + ["0", "-1", "x", "\u{1}", String(repeating: "x", count: 4096)]
        return probes.contains { !schema.isValid(value(of: [$0])) }
    }
}
