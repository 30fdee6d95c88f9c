import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Credential conditions: where the operation's security scheme puts the credential, and no
/// real secret written into a fixture.
extension FixtureVerification {
    package mutating func checkCredentials(_ pack: ProviderPack, _ operation: ContractOperation) {
        for (name, condition) in fixture.request.query.sorted(by: { $0.key < $1.key }) where isCredentialName(name, pack: pack, operation: operation) {
            let path = document.queryPath(name)
            if operation.queryParameter(name) == nil { checkPlacement(.query(name), condition, operation, at: path) }
            checkLiteral(condition, at: path, what: "query parameter \(name)", pack: pack)
        }
        for (name, condition) in fixture.request.headers.sorted(by: { $0.key < $1.key }) where isCredentialHeader(name, pack: pack, operation: operation) {
            let path = document.requestHeaderPath(name)
            let spelled = document.requestHeaderName(name)
            checkPlacement(.header(spelled), condition, operation, at: path)
            checkLiteral(condition, at: path, what: "header \(spelled)", pack: pack)
        }
    }

    /// A query parameter that carries a credential somewhere: the operation's own, the pack's
    /// secrets, or a well-known credential name (`access_token`, `key`).
    package func isCredentialName(_ name: String, pack: ProviderPack, operation: ContractOperation) -> Bool {
        operation.credential?.alternatives.contains(.query(name)) == true || pack.secrets.query.contains(name) || Redaction.isSecretParameter(name)
    }

    private func isCredentialHeader(_ name: String, pack: ProviderPack, operation: ContractOperation) -> Bool {
        let lowercased = name.lowercased()
        let own = (operation.credential?.alternatives ?? []).compactMap { place -> String? in
            switch place {
            case .bearer: "authorization"
            case .header(let header): header.lowercased()
            default: nil
            }
        }
        return own.contains(lowercased) || pack.secrets.headers.contains(lowercased) || Redaction.isSecretHeader(lowercased)
    }

    /// A condition on a credential must be where the operation's scheme puts it; an operation
    /// that takes none (`security: []`) should not be conditioned on one.
    private mutating func checkPlacement(_ found: CredentialPlacement, _ condition: ValueCondition, _ operation: ContractOperation, at path: JSONPath) {
        guard condition != .absent else { return }
        guard let expected = operation.credential else {
            report(path, "\(operation.id) takes no credential (security: []), but the fixture conditions \(found.description)")
            return
        }
        if expected.alternatives.contains(found) { return }
        if expected.alternatives.contains(.bearer), case .header(let name) = found, name.lowercased() == "authorization" { return }
        // Header names are case-insensitive: the fixture writes them lower-case, packs as documented.
        if case .header(let name) = found, expected.alternatives.contains(where: { place in
            if case .header(let declared) = place { return declared.lowercased() == name.lowercased() }
            return false
        }) { return }
        report(path, "credential in the wrong place: \(operation.id) takes its credential in \(expected.description), not in \(found.description)")
    }

    /// An exact credential value must be one of the canonical fake ones (built in, or declared
    /// by the pack); anything else may be a real secret. The value itself is never repeated.
    private mutating func checkLiteral(_ condition: ValueCondition, at path: JSONPath, what: String, pack: ProviderPack) {
        let values: [String] = switch condition {
        case .equals(let value): [value]
        case .equalsAll(let values): values
        default: []
        }
        let declared = Set(pack.credential?.canonical ?? [])
        guard values.contains(where: { !FakeCredentials.isFake($0, declared: declared) }) else { return }
        report(path, "\(what) holds a literal credential (not shown) that is not one of the canonical fake credentials of docs/contracts.md: a secret in a fixture? Condition it with {\"present\": true} or a pattern, or use a canonical value")
    }
}
