import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Checking one fixture against the contracts: its route and operation, its credential
/// conditions, its parameter conditions, and every answer. Collects findings with the JSON
/// path in the fixture they are about.
package struct FixtureVerification {
    package let fixture: Fixture
    package let contracts: Contracts
    package let document: FixtureDocument
    package private(set) var findings: [FixtureProblem] = []
    package private(set) var notes: [FixtureProblem] = []
    package private(set) var warnings: [FixtureProblem] = []
    /// The operation the fixture stands for and the declared statuses (`200`, `4XX`) its answers cover.
    package private(set) var coverage: OperationCoverage.Covered?

    package init(fixture: Fixture, contracts: Contracts, fixturesRoot: String) {
        self.fixture = fixture
        self.contracts = contracts
        document = FixtureDocument(file: fixture.file, fixturesRoot: fixturesRoot)
    }

    package mutating func run() {
        guard let (route, operation) = routed() else { return }
        let answers = fixture.responses.indices.map { prepareAnswer($0, route: route, operation: operation) }
        checkCredentials(route.pack, operation)
        checkFieldMask(route.pack, operation, answers: answers)
        checkCompleteAnswer(operation, answers: answers)
        checkParameters(route, operation, success: answers.contains { $0.isSuccess })
        for answer in answers { check(answer, route: route, operation: operation) }
        coverage = OperationCoverage.Covered(
            file: fixture.file, provider: route.pack.provider, operationID: operation.id,
            statuses: Set(answers.compactMap { $0.isChecked ? operation.declaredKey(for: $0.response.status) : nil }))
    }

    package mutating func report(_ path: JSONPath?, _ message: String) {
        findings.append(FixtureProblem(file: fixture.file, path: path, message: message))
    }

    package mutating func warn(_ path: JSONPath?, _ message: String) {
        warnings.append(FixtureProblem(file: fixture.file, path: path, message: message))
    }

    package mutating func note(_ path: JSONPath?, _ message: String) {
        notes.append(FixtureProblem(file: fixture.file, path: path, message: message))
    }

    // MARK: route

    /// The pack routing the fixture's path, which must be its provider's, and the operation
    /// for its method and path.
    private mutating func routed() -> (ContractRoute, ContractOperation)? {
        let method = fixture.request.method, path = fixture.request.path.text
        let pathMember = JSONPath.root.appending("request").appending("path")
        guard let route = contracts.route(method: method, path: path) else {
            if let pack = contracts.pack(named: fixture.provider) {
                report(pathMember, "\(path) is under none of \(pack.provider)'s routes (\(pack.routes.joined(separator: ", "))) in \(pack.file)")
            } else {
                report(pathMember, "no contract routes \(path), and none describes provider \(fixture.provider)")
            }
            return nil
        }
        guard route.pack.provider == fixture.provider else {
            report(pathMember, "\(path) belongs to \(route.pack.provider) (\(route.pack.file) routes it), but this is a \(fixture.provider) fixture; move it to \(route.pack.provider)/")
            return nil
        }
        guard let operation = route.operation else {
            // The operation each other method would answer with: the most literal template.
            let samePath = Set(route.pack.operations.map(\.method)).sorted().compactMap { route.pack.operation(method: $0, path: route.contractPath)?.0 }
            if !samePath.isEmpty {
                report(JSONPath.root.appending("request").appending("method"),
                       "\(route.pack.file) has no \(method) on \(path); it declares \(Self.list(samePath))")
            } else {
                let closest = route.pack.operations.sorted { Self.distance($0, method, route.contractPath) < Self.distance($1, method, route.contractPath) }
                report(pathMember, "no operation of \(route.pack.provider) answers \(method) \(path); closest: \(Self.list(Array(closest.prefix(3))))")
            }
            return nil
        }
        return (route, operation)
    }

    /// `GET /v3/businesses/search (searchBusinesses), …`
    private static func list(_ operations: [ContractOperation]) -> String {
        operations.map { "\($0.method) \($0.path.text) (\($0.id))" }.joined(separator: ", ")
    }

    /// How far an operation is from what the fixture asks: edits between the paths, a wrong method counting 3.
    private static func distance(_ operation: ContractOperation, _ method: String, _ path: String) -> Int {
        editDistance(Array(operation.path.text), Array(path)) + (operation.method == method ? 0 : 3)
    }

    /// Levenshtein distance, one row at a time.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
