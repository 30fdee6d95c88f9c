import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// What `behaviours.openIDConnect` says that must agree with the contract: the discovery
/// document it answers fits the discovery operation's 200 answer, and the ID tokens' operations
/// take no credential (a client reads them before it has one).
package enum OpenIDConsistency {
    package static func findings(_ pack: ProviderPack) -> [FixtureProblem] {
        guard let openID = pack.behaviours.openIDConnect else { return [] }
        let path = JSONPath.root.appending("x-understudy").appending("behaviours").appending("openIDConnect")
        var findings: [FixtureProblem] = []
        if let discovery = pack.operations.first(where: { $0.id == openID.discoveryOperation }) {
            let route = ContractRoute(pack: pack, contractPath: discovery.path.text, operation: discovery, pathParameters: [:])
            let problems = route.responseProblems(
                status: 200, headers: [HeaderField(name: "Content-Type", value: "application/json")], body: JSONWriter.bytes(openID.document))
            findings += problems.map {
                FixtureProblem(file: pack.file, path: path.appending("discovery").appending("document"), message: "\(discovery.id) answers this document: \($0)")
            }
        }
        let ids = [openID.discoveryOperation, openID.keysOperation] + (openID.uninstall.map { [$0.operation] } ?? [])
        for operation in pack.operations where ids.contains(operation.id) && operation.credential != nil {
            findings.append(FixtureProblem(file: pack.file, path: path, message: "\(operation.id) takes a credential (security), but the provider answers it to anyone: give it \"security\": []"))
        }
        return findings
    }
}
