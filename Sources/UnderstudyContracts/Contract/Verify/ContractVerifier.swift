import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
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
            coverage: OperationCoverage.table(packs: contracts.packs, covered: results.compactMap(\.coverage)),
            fixtureCount: fixtures.count,
            providers: contracts.packs.map(\.provider))
        report.rules = rules()
        report.warnings = results.flatMap(\.warnings).sorted(by: order)
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
}
