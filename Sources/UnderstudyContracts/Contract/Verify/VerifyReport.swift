import UnderstudyFixtures
import UnderstudySupport
/// What `understudy verify` found: findings by file (a fixture relative to the fixtures root,
/// or a pack relative to the contracts folder) and JSON path, notes that are information
/// only, and how many fixtures cover each operation's declared statuses.
package struct VerifyReport: Sendable {
    /// Every way a fixture or a pack breaks a contract: packs first, then fixtures by file.
    public let findings: [FixtureProblem]
    /// What was not checked and why (`template: body not checked`); never a failure.
    public let notes: [FixtureProblem]
    /// Every operation of every pack, by provider and path.
    public let coverage: [OperationCoverage]
    /// How many fixtures were checked.
    public let fixtureCount: Int
    /// The packs' providers, in file order.
    public let providers: [String]
    /// Every cross-parameter rule of every pack, verified or not.
    public var rules: [RuleStatus] = []
    /// What works but costs or risks something (a fixture recorded with the mask `*`); never a failure.
    public var warnings: [FixtureProblem] = []

    /// Whether nothing was found.
    public var isClean: Bool { findings.isEmpty }
}

/// Which fixtures answer one operation, per status it declares.
package struct OperationCoverage: Sendable, Hashable {
    public let provider: String
    public let operationID: String
    public let method: String
    public let path: String
    /// Fixture files by declared status key (`"200"`, `"4XX"`, `"default"`), sorted; a fixture
    /// counts once for each status its answers give.
    public let files: [String: [String]]

    /// How many fixtures answer with each declared status key.
    public var fixtures: [String: Int] { files.mapValues(\.count) }

    /// The declared statuses no fixture answers with, in order.
    public var uncovered: [String] { files.filter(\.value.isEmpty).keys.sorted() }

    /// What one fixture covers: its provider's operation and the declared statuses its answers give.
    package struct Covered: Sendable {
        package let file: String
        package let provider: String
        package let operationID: String
        package let statuses: Set<String>
    }

    /// Every operation of every pack (by provider, then path and method), with the fixtures of
    /// `covered` that answer each declared status.
    package static func table(packs: [ProviderPack], covered: [Covered]) -> [OperationCoverage] {
        var files: [String: [String: [String]]] = [:]
        for entry in covered {
            for status in entry.statuses { files[entry.provider + " " + entry.operationID, default: [:]][status, default: []].append(entry.file) }
        }
        return packs.sorted { $0.provider < $1.provider }.flatMap { pack in
            pack.operations.sorted { ($0.path.text, $0.method) < ($1.path.text, $1.method) }.map { operation in
                let own = files[pack.provider + " " + operation.id] ?? [:]
                return OperationCoverage(
                    provider: pack.provider, operationID: operation.id, method: operation.method, path: operation.path.text,
                    files: Dictionary(uniqueKeysWithValues: operation.responses.keys.map { ($0, (own[$0] ?? []).sorted()) }))
            }
        }
    }
}

/// One cross-parameter rule of a pack, as `understudy verify` lists it: whether the fake refuses
/// requests that break it, and whether the fact behind it is verified, with its source.
package struct RuleStatus: Sendable, Hashable {
    public let provider: String
    public let operationID: String
    /// The rule in a few words: `location or latitude+longitude`, `not open_now with open_at`.
    public let summary: String
    /// Whether a request that breaks it is refused (`false`: documented only).
    public let enforced: Bool
    /// Where the fact comes from; `nil` when the pack does not say.
    public let source: String?
    /// Why it is not verified; `nil` when it is (a rule without a source is never verified).
    public let unverified: String?

    /// Verified: it has a source and no `x-understudy-unverified`.
    public var isVerified: Bool { source != nil && unverified == nil }
}
