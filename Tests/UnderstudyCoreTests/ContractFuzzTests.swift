import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Hostile requests to every operation of the bundled contracts, straight into the responder:
/// whatever the parameters hold, the answer is a well-formed response, JSON when it says so,
/// and never repeats a credential back.
@Suite struct ContractFuzzTests {
    static let cases = 4000
    static let secretMarker = "SECRETMARKER"
    static let hostileValues = [
        "", "-1", "0", "51", "1e309", "NaN", "-0.0", "99999999999999999999999", "%FF", "%", "%%41", "ünïcödé", String(repeating: "a", count: 5000),
        "true", "false", "[1,2]", "{\"a\":1}", "{{message}}", "{{value}}", "\u{0}", "a,b,,c", "1|2|3", "37.77,-122.41", "best_match", "distance",
        " ", "+", "null", "\\u0000", "../../etc/passwd",
    ]

    @Test func everyAnswerIsWellFormedAndNoCredentialIsEchoed() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let contracts = try Contracts.load(from: bundledContractsPath)
        let responder = Responder(
            fixtures: try FixtureLoader.load(from: root.appendingPathComponent("fixtures").path), contracts: contracts, clock: ManualClock())
        let operations = contracts.packs.flatMap { pack in pack.operations.map { (pack, $0) } }
        var random = SeededGenerator(seed: 20_261_122)
        var statuses: [Int: Int] = [:]
        for _ in 0..<Self.cases {
            let (pack, operation) = operations[Int(random.next() % UInt64(operations.count))]
            let path = operation.path.segments.map { segment -> String in
                switch segment {
                case .literal(let literal): literal
                case .parameter(_, let prefix, let suffix): prefix + pick(&random).addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + suffix
                }
            }.reduce("") { $0 + "/" + $1 }
            var query: [String] = []
            for parameter in operation.parameters where parameter.location == .query && random.next() % 3 != 0 {
                let secret = pack.secrets.query.contains(parameter.name) || Redaction.isSecretParameter(parameter.name)
                let value = secret ? Self.secretMarker + String(random.next() % 1000) : pick(&random)
                // Raw, unencoded bytes half the time: clients send broken targets too.
                query.append(parameter.name + "=" + (random.next() % 2 == 0 ? value : value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
            }
            if random.next() % 4 == 0 { query.append(pick(&random) + "=" + pick(&random)) }
            let headers = random.next() % 2 == 0 ? [HeaderField(name: "Authorization", value: "Bearer \(Self.secretMarker)")] : []
            let target = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            let response = await responder.respond(to: Request(method: operation.method, target: target, headers: headers))
            statuses[response.status, default: 0] += 1
            #expect((100..<600).contains(response.status), "\(target)")
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(!body.contains(Self.secretMarker), "\(operation.id) echoed a credential: \(body.prefix(300))")
            if response.headerValue("Content-Type")?.contains("json") == true, !response.body.isEmpty {
                #expect((try? JSONParser.parse(response.body)) != nil, "\(target) answered invalid JSON")
            }
        }
        #expect(!responder.journal.entries.contains { $0.target.contains(Self.secretMarker) })
        // The run reached the providers' own answers, not only misses.
        #expect(statuses.keys.contains(400) && statuses.keys.contains(200), "\(statuses)")
    }

    private func pick(_ random: inout SeededGenerator) -> String {
        Self.hostileValues[Int(random.next() % UInt64(Self.hostileValues.count))]
    }
}
