import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTestSupport

/// `contracts/conformance-allowlist.json`, which `scripts/conformance` reads: every entry names a
/// pack and one of its operations as Schemathesis does, a failure code, and a reason, so the list
/// cannot silently outlive a renamed operation or hide a failure without saying why.
@Suite struct ConformanceAllowListTests {
    @Test func everyEntryNamesAPackItsOperationAFailureCodeAndAReason() throws {
        let path = bundledContractsPath + "/conformance-allowlist.json"
        let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let entries = try #require(document["allowed"]?.arrayValue, "\(path): no \"allowed\" array")
        #expect(!entries.isEmpty)
        let contracts = try Contracts.load(from: bundledContractsPath)
        let code = try RegexPattern("^ST[0-9]{3}$")
        for (index, entry) in entries.enumerated() {
            let at = "\(path) $.allowed[\(index)]"
            let provider = entry["contract"]?.stringValue ?? ""
            let pack = try #require(contracts.pack(named: provider), "\(at).contract: no pack \"\(provider)\"")
            let operation = entry["operation"]?.stringValue ?? ""
            let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
            if operation != "Stateful tests" {
                #expect(parts.count == 2 && pack.operations.contains { $0.path.text == parts[1] }, "\(at).operation: \(provider) has no path in \"\(operation)\"")
                let declared = pack.operations.contains { $0.path.text == parts.last && $0.method == parts.first }
                // An undeclared method (ST204) names a path the pack has, with a method it does not declare.
                #expect(declared == (entry["failure"] != "ST204"), "\(at).operation: \"\(operation)\"")
            }
            #expect(code.matches(entry["failure"]?.stringValue ?? ""), "\(at).failure: a Schemathesis failure code such as ST103")
            #expect((entry["reason"]?.stringValue?.count ?? 0) >= 40, "\(at).reason: say why the real provider does this")
        }
    }
}
