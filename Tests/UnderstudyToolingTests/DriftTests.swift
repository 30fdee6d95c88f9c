import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Drift")
struct DriftTests {
    private func changes(_ old: String, _ new: String) throws -> [String] {
        JSONDrift.changes(from: try JSONParser.parse(Array(old.utf8)), to: try JSONParser.parse(Array(new.utf8))).map(\.description)
    }

    @Test func membersAddedRemovedAndRetypedByPointer() throws {
        #expect(try changes(
            #"{"total": 3, "region": {"center": {"latitude": 1}}, "a/b": "x", "gone": {"deep": 1}}"#,
            #"{"total": "3", "region": {"center": {"latitude": 1, "longitude": 2}}, "a/b": null, "new": {"deep": [1]}}"#) == [
                "retyped /a~1b: string → null",
                "removed /gone (object)",
                "added /new (object)",
                "added /region/center/longitude (number)",
                "retyped /total: number → string",
            ])
        #expect(try changes(#"{"a": 1}"#, #"{"a": 2}"#).isEmpty)
        #expect(try changes("[1]", #"{"a": 1}"#) == ["retyped /: array → object"])
    }

    @Test func arraysCompareByTheUnionShapeOfTheirElements() throws {
        // Longer, shorter or reordered lists are no drift; a member no element has any more is.
        let old = #"{"businesses": [{"id": "a", "price": "$"}, {"id": "b"}]}"#
        #expect(try changes(old, #"{"businesses": [{"id": "c"}, {"id": "d", "price": "$$"}, {"id": "e"}]}"#).isEmpty)
        #expect(try changes(old, #"{"businesses": [{"id": "c"}]}"#) == ["removed /businesses/*/price (string)"])
        #expect(try changes(old, #"{"businesses": [{"id": 7, "price": "$", "hours": []}]}"#) == [
            "added /businesses/*/hours (array)", "retyped /businesses/*/id: string → number",
        ])
        // An empty list says nothing about its elements.
        #expect(try changes(old, #"{"businesses": []}"#).isEmpty)
        // Mixed element types are a union: a null coordinate appearing is a retype.
        #expect(try changes(#"{"c": [1, 2]}"#, #"{"c": [1, null]}"#) == ["retyped /c/*: number → null|number"])
    }

    @Test func twoTreesArePairedByFileThenByRequest() throws {
        let first = try TemporaryFixtures(), second = try TemporaryFixtures()
        defer { first.remove(); second.remove() }
        try first.write("yelp/search.json", fixtureJSON(path: "/v3/businesses/search", response: #"{"json": {"businesses": [{"id": "a", "price": "$"}], "total": 1}}"#))
        try first.write("yelp/details.json", fixtureJSON(path: "/v3/businesses/a", response: #"{"json": {"id": "a", "rating": 4.5}}"#))
        try first.write("yelp/same.json", fixtureJSON(path: "/v3/same", response: #"{"json": {"ok": true}}"#))
        try first.write("yelp/gone.json", fixtureJSON(path: "/v3/gone"))
        try second.write("yelp/search.json", fixtureJSON(path: "/v3/businesses/search", response: #"{"json": {"businesses": [{"id": "a"}], "total": "1"}}"#))
        // A re-recording names the file after the request; the request pairs it.
        try second.write("yelp/get-v3-businesses-a-1234abcd.json", fixtureJSON(
            path: "/v3/businesses/a", response: #"{"status": 404, "json": {"error": {"code": "BUSINESS_NOT_FOUND"}}}"#))
        try second.write("yelp/same.json", fixtureJSON(path: "/v3/same", response: #"{"json": {"ok": false}}"#))
        try second.write("yelp/new.json", fixtureJSON(path: "/v3/new", response: #"{"text": "hi"}"#))

        let report = TreeDrift.compare(try first.load(), try second.load())
        #expect(report.compared == 3)
        #expect(report.onlyInFirst == ["yelp/gone.json"] && report.onlyInSecond == ["yelp/new.json"])
        #expect(report.lines == [
            "yelp/details.json ↔ yelp/get-v3-businesses-a-1234abcd.json",
            "  status 200 → 404",
            "  added /error (object)",
            "  removed /id (string)",
            "  removed /rating (number)",
            "yelp/search.json",
            "  removed /businesses/*/price (string)",
            "  retyped /total: number → string",
            "only in the first tree: yelp/gone.json",
            "only in the second tree: yelp/new.json",
        ])
        #expect(TreeDrift.compare(try first.load(), try first.load()).isEmpty)
    }

    @Test func aTreeAgainstTheContractsListsSchemaFindingsPerFixture() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("yelp/details.json", fixtureJSON(
            path: "/v3/businesses/abc", response: #"{"headers": {"Content-Type": "application/json"}, "json": {"id": "abc", "rating": "high"}}"#))
        try tree.write("yelp/elsewhere.json", fixtureJSON(path: "/nowhere"))
        let report = TreeDrift.check(try tree.load(), against: try Contracts.load(from: bundledContractsPath))
        #expect(report.checked == 1 && report.unrouted == ["yelp/elsewhere.json"])
        let findings = try #require(report.findings["yelp/details.json"])
        #expect(findings.contains { $0.contains("rating") }, "\(findings)")
        // The bundled fixtures answer as the contracts say.
        let bundled = URL(fileURLWithPath: bundledContractsPath).deletingLastPathComponent().appendingPathComponent("fixtures").path
        #expect(TreeDrift.check(try FixtureLoader.load(from: bundled), against: try Contracts.load(from: bundledContractsPath)).findings.isEmpty)
    }
}
