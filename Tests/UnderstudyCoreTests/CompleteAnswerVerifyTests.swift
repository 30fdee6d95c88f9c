import Foundation
import Testing
@testable import UnderstudyContracts
import UnderstudyFixtures
import UnderstudyTestSupport

/// Place Details without `fields` is Google's whole answer: `verify` warns (without failing)
/// about such a fixture that lacks `address_components`, which clients tell a full place by.
@Suite struct CompleteAnswerVerifyTests {
    private static func details(_ query: String, result: String) -> String {
        #"{"understudy": 1, "request": {"method": "GET", "path": "/maps/api/place/details/json", "query": \#(query)}, "response": {"json": {"status": "OK", "html_attributions": [], "result": \#(result)}}}"#
    }

    private func warnings(_ documents: [String: String]) throws -> [FixtureProblem] {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        for (file, text) in documents { try tree.write(file, text) }
        let report = ContractVerifier(contracts: try Contracts.load(from: bundledContractsPath), fixturesRoot: tree.root).verify(try tree.load())
        #expect(report.isClean, "\(report.findings)")
        return report.warnings
    }

    @Test func aWholeDetailsAnswerWithoutAddressComponentsIsWarnedAbout() throws {
        let summary = #"{"place_id": "ChIJa", "name": "Deli"}"#
        let whole = #"{"place_id": "ChIJa", "name": "Deli", "address_components": []}"#
        let found = try warnings([
            "google/summary.json": Self.details(#"{"place_id": "ChIJa", "key": {"present": true}}"#, result: summary),
            "google/whole.json": Self.details(#"{"place_id": "ChIJb", "key": {"present": true}}"#, result: whole),
            "google/asked-fields.json": Self.details(#"{"place_id": "ChIJc", "fields": "name", "key": {"present": true}}"#, result: summary),
        ])
        #expect(found.map(\.file) == ["google/summary.json"])
        #expect(found.first?.message.contains("lacks /result/address_components") == true, "\(found)")
        #expect(found.first?.message.contains("without fields") == true)
    }

    @Test func theBundledDetailsAreWhole() throws {
        let report = ContractVerifier(contracts: try Contracts.load(from: bundledContractsPath), fixturesRoot: bundledFixturesPath)
            .verify(try FixtureLoader.load(from: bundledFixturesPath))
        #expect(!report.warnings.contains { $0.message.contains("address_components") }, "\(report.warnings)")
    }
}
