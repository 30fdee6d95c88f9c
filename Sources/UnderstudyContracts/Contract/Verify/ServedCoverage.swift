import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// The coverage of the fixtures a server holds, for the dashboard: the same table as
/// `understudy verify` prints, worked out from the loaded fixtures alone (no file is read
/// again, and nothing is verified: a fixture's answers count by their statuses).
package struct ServedCoverage: Sendable {
    /// Every operation of every pack, with the fixtures answering each declared status.
    public let operations: [OperationCoverage]
    /// Fixtures that stand for no operation of their provider's contract, by file.
    public let unrouted: [String]

    public init(fixtures: [Fixture], contracts: Contracts) {
        var covered: [OperationCoverage.Covered] = []
        var unrouted: [String] = []
        for fixture in fixtures {
            guard let route = contracts.route(method: fixture.request.method, path: fixture.request.path.text), route.pack.provider == fixture.provider,
                let operation = route.operation
            else {
                unrouted.append(fixture.file)
                continue
            }
            // A fault is not an answer with a status; it covers nothing.
            let statuses = fixture.responses.compactMap { $0.fault == nil ? operation.declaredKey(for: $0.status) : nil }
            covered.append(OperationCoverage.Covered(file: fixture.file, provider: route.pack.provider, operationID: operation.id, statuses: Set(statuses)))
        }
        operations = OperationCoverage.table(packs: contracts.packs, covered: covered)
        self.unrouted = unrouted.sorted()
    }

    package var json: JSONValue {
        .object([
            "operations": .array(operations.map { operation in
                .object([
                    "provider": .string(operation.provider), "operation": .string(operation.operationID),
                    "method": .string(operation.method), "path": .string(operation.path),
                    "statuses": .object(operation.files.mapValues { .array($0.map(JSONValue.string)) }),
                    "uncovered": .array(operation.uncovered.map(JSONValue.string)),
                ])
            }),
            "unrouted": .array(unrouted.map(JSONValue.string)),
            "declared": .number(JSONNumber(operations.reduce(0) { $0 + $1.files.count })),
            "uncovered": .number(JSONNumber(operations.reduce(0) { $0 + $1.uncovered.count })),
        ])
    }
}
