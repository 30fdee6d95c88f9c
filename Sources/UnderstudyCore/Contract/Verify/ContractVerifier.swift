/// `understudy verify`: every fixture against its provider's contract (its request fits an
/// operation, its answers fit the responses declared for their status) and every pack's own
/// answers against its schemas. See docs/contracts.md, "Verifying fixtures".
package struct ContractVerifier: Sendable {
    public let contracts: Contracts
    /// The fixtures' root folder: fixture files are read again from it, to name JSON paths as written.
    public let fixturesRoot: String

    public init(contracts: Contracts, fixturesRoot: String) {
        self.contracts = contracts
        self.fixturesRoot = fixturesRoot
    }

    /// Checks `fixtures` (loaded from `fixturesRoot`) and the packs; fixtures are checked on all cores.
    public func verify(_ fixtures: [Fixture]) -> VerifyReport {
        let contracts = contracts, root = fixturesRoot
        let results = Parallel.map(fixtures.count) { index in
            var verification = FixtureVerification(fixture: fixtures[index], contracts: contracts, fixturesRoot: root)
            verification.run()
            return verification
        }
        let packFindings = contracts.packs.flatMap { PackConsistency.findings($0) + PackAnswerVerification.findings($0) }
        let order = { (a: FixtureProblem, b: FixtureProblem) in (a.file, a.path?.description ?? "") < (b.file, b.path?.description ?? "") }
        var report = VerifyReport(
            findings: packFindings + results.flatMap(\.findings).sorted(by: order),
            notes: results.flatMap(\.notes).sorted(by: order),
            coverage: coverage(results.compactMap(\.coverage)),
            fixtureCount: fixtures.count,
            providers: contracts.packs.map(\.provider))
        report.rules = rules()
        return report
    }

    /// Every pack's cross-parameter rules, by provider and operation, with their provenance.
    private func rules() -> [RuleStatus] {
        contracts.packs.sorted { $0.provider < $1.provider }.flatMap { pack in
            pack.operations.sorted { $0.id < $1.id }.flatMap { operation in
                operation.rules.map { rule in
                    RuleStatus(
                        provider: pack.provider, operationID: operation.id, summary: rule.summary, enforced: rule.enforced,
                        source: rule.source, unverified: rule.unverified ?? (rule.source == nil ? "the pack names no source" : nil))
                }
            }
        }
    }

    /// Every operation of every pack, with how many fixtures answer each declared status.
    private func coverage(_ covered: [(provider: String, operation: String, statuses: Set<String>)]) -> [OperationCoverage] {
        var counts: [String: [String: Int]] = [:]
        for entry in covered {
            for status in entry.statuses { counts[entry.provider + " " + entry.operation, default: [:]][status, default: 0] += 1 }
        }
        return contracts.packs.sorted { $0.provider < $1.provider }.flatMap { pack in
            pack.operations.sorted { ($0.path.text, $0.method) < ($1.path.text, $1.method) }.map { operation in
                let own = counts[pack.provider + " " + operation.id] ?? [:]
                return OperationCoverage(
                    provider: pack.provider, operationID: operation.id, method: operation.method, path: operation.path.text,
                    fixtures: Dictionary(uniqueKeysWithValues: operation.responses.keys.map { ($0, own[$0] ?? 0) }))
            }
        }
    }
}
