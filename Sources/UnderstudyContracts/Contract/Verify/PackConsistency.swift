import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// What a pack says about itself that must agree, beyond what loading it checks: the
/// canonical test credentials and the pack's own known tokens fit its credential pattern, and
/// rules and behaviours name parameters the operations declare.
package enum PackConsistency {
    package static func findings(_ pack: ProviderPack) -> [FixtureProblem] {
        var findings: [FixtureProblem] = []
        func report(_ path: JSONPath, _ message: String) { findings.append(FixtureProblem(file: pack.file, path: path, message: message)) }
        let root = JSONPath.root.appending("x-understudy")
        if let credential = pack.credential, let pattern = credential.pattern {
            for value in credential.canonical where !pattern.matches(value) {
                report(root.appending("credential").appending("canonical"), "the canonical credential \(value) does not fit the pack's pattern /\(pattern.source)/")
            }
            // A rejected value should be well-formed: a malformed one is invalid anyway.
            for value in credential.rejected.sorted() where !pattern.matches(value) {
                report(root.appending("credential").appending("rejected"), "rejected credential \(value) does not fit /\(pattern.source)/")
            }
            for token in (pack.behaviours.tokenExpiry?.tokens.keys).map(Array.init)?.sorted() ?? [] where !pattern.matches(token) {
                report(root.appending("behaviours").appending("tokenExpiry").appending("tokens"), "token \(token) does not fit the credential pattern /\(pattern.source)/")
            }
        }
        for operation in pack.operations {
            let names = Set(operation.parameters.map(\.name))
            let at = operation.documentPath
            for (index, rule) in operation.rules.enumerated() {
                for name in Set(rule.parameterNames).union(rule.when.keys).sorted() where !names.contains(name) {
                    report(at.appending("x-understudy-rules").appending(index: index), "names \(name), which is no parameter of \(operation.id)")
                }
            }
            if let name = operation.ignoreOthersWhen, !names.contains(name) {
                report(at.appending("x-understudy-ignoreOthersWhen"), "names \(name), which is no parameter of \(operation.id)")
            }
        }
        let behaviours = root.appending("behaviours")
        var parameters: [(operations: [String], parameter: String, path: JSONPath)] = []
        if let pageTokens = pack.behaviours.pageTokens {
            let path = behaviours.appending("pageTokens").appending("parameter")
            if pageTokens.inBody {
                // A member of the request body: the body's schema decides whether it is one.
                for id in pageTokens.operations.sorted() where pack.operations.first(where: { $0.id == id })?.requestBody == nil {
                    report(path, "\(pageTokens.parameter) travels in the request body, but \(id) declares no JSON request body")
                }
            } else {
                parameters.append((pageTokens.operations.sorted(), pageTokens.parameter, path))
            }
        }
        if let introspection = pack.behaviours.tokenExpiry?.introspection {
            parameters.append(([introspection.operation], introspection.parameter, behaviours.appending("tokenExpiry").appending("introspection").appending("parameter")))
        }
        if let permissions = pack.behaviours.tokenExpiry?.permissions,
            let operation = pack.operations.first(where: { $0.id == permissions.revokeOperation }),
            !operation.parameters.contains(where: { $0.name == permissions.parameter && $0.location == .path })
        {
            report(
                behaviours.appending("tokenExpiry").appending("permissions").appending("revoke").appending("parameter"),
                "\(permissions.parameter) is no path parameter of \(operation.id)")
        }
        if let proof = pack.behaviours.appSecretProof {
            for operation in pack.operations where operation.credential != nil && operation.queryParameter(proof.parameter) == nil {
                report(behaviours.appending("appSecretProof").appending("parameter"), "\(proof.parameter) is no query parameter of \(operation.id), which takes a credential")
            }
        }
        for (operations, parameter, path) in parameters {
            for id in operations {
                guard let operation = pack.operations.first(where: { $0.id == id }), operation.queryParameter(parameter) == nil else { continue }
                report(path, "\(parameter) is no query parameter of \(id)")
            }
        }
        return findings + OpenIDConsistency.findings(pack)
    }
}
