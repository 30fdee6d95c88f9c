import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Matching through the contract: numbers by value, booleans by the provider's spellings,
/// lists item by item, aliases as one parameter, Graph versions as one API.
@Suite struct ContractMatchingTests {
    @Test func numbersHaveOneWritingAndKeepEveryDigit() {
        for same in ["100", "100.0", "1e2", "1E+2", "+100", "0100", "100.000", "1000e-1", "0.1e3"] {
            #expect(ExactDecimal(same)?.canonicalText == "100", "\(same)")
        }
        #expect(ExactDecimal("-96.8200")?.canonicalText == "-96.82")
        #expect(ExactDecimal(".5")?.canonicalText == "0.5")
        #expect(ExactDecimal("-0.0")?.canonicalText == "0")
        #expect(ExactDecimal("1.5e-3")?.canonicalText == "0.0015")
        // 17-digit ids: through Double these two would be one number.
        #expect(Double("10160000000000001") == Double("10160000000000000"))
        #expect(ExactDecimal("10160000000000001")?.canonicalText == "10160000000000001")
        #expect(ExactDecimal("10160000000000001")?.canonicalText != ExactDecimal("10160000000000000")?.canonicalText)
        #expect(ExactDecimal("1.0160000000000001e16")?.canonicalText == "10160000000000001")
        #expect(ExactDecimal("1e400")?.canonicalText == "1e+400")
        // A long exponent is a number, as it is in JSON (the one reading, `ExactDecimal`).
        #expect(ExactDecimal("1e9999999")?.canonicalText == "1e+9999999")
        for notANumber in ["", "-", "abc", "12abc", "1e", "1e+", "0x10", "NaN", "1.2.3", "None"] {
            #expect(ExactDecimal(notANumber)?.canonicalText == nil, "\(notANumber)")
        }
    }

    private func meanings(_ provider: String, _ operation: String) throws -> QueryMeanings {
        let pack = try #require(try Contracts.load(from: bundledContractsPath).pack(named: provider))
        return try #require(pack.meanings[operation])
    }

    @Test func aRequestIsWrittenInTheContractsTerms() throws {
        let nearby = try meanings("google", "nearbySearch")
        let query = nearby.normalised(QueryParameters(parsing: "radius=100.0&location=32.95,-96.82&minprice=None&opennow=true&keyword=1e2"))
        // radius is a number; location and keyword are text, whatever they look like; None is not a number.
        #expect(query.pairs.map { "\($0.name)=\($0.value)" } == ["radius=100", "location=32.95,-96.82", "minprice=None", "opennow=true", "keyword=1e2"])

        let details = try meanings("google", "placeDetails")
        #expect(details.normalised(QueryParameters(parsing: "placeid=ChIJabc&fields=name")).pairs.map(\.name) == ["place_id", "fields"])

        let search = try meanings("yelp", "searchBusinesses")
        let yelp = search.normalised(QueryParameters(parsing: "open_now=True&price=01,2.0&categories=bars,french&limit=20.0"))
        #expect(yelp.pairs.map { "\($0.name)=\($0.value)" } == ["open_now=true", "price=1,2", "categories=bars,french", "limit=20"])
    }

    @Test func aFixtureIsWrittenInTheSameTerms() throws {
        let details = try meanings("google", "placeDetails")
        #expect(details.normalised(["placeid": .equals("ChIJabc")]) == ["place_id": .equals("ChIJabc")])
        // The declared spelling wins when a fixture names both.
        #expect(details.normalised(["placeid": .equals("A"), "place_id": .equals("B")]) == ["place_id": .equals("B")])
        let search = try meanings("yelp", "searchBusinesses")
        #expect(search.normalised(["categories": .equalsAll(["bars", "french"])]) == ["categories": .equals("bars,french")])
        #expect(search.normalised(["radius": .equals("1.6093e4"), "open_now": .equals("False")]) == ["radius": .equals("16093"), "open_now": .equals("false")])
        #expect(search.normalised(["term": .matches(try RegexPattern("^p"))]) == ["term": .matches(try RegexPattern("^p"))])
    }

    @Test func aFixtureAlreadyInTheseTermsIsLeftAsItIs() throws {
        let search = try meanings("yelp", "searchBusinesses")
        let written: [String: ValueCondition] = ["term": .equals("pizza"), "limit": .equals("20"), "open_now": .equals("true"), "location": .present]
        #expect(search.rewritten(queryChecks(written)) == nil, "nothing changes, so the fixture's own pattern is its form")
        for changed: [String: ValueCondition] in [["limit": .equals("20.0")], ["open_now": .equals("True")], ["categories": .equalsAll(["bars", "french"])]] {
            let fixture = written.merging(changed) { $1 }
            #expect(search.rewritten(queryChecks(fixture)) == search.normalised(fixture), "\(changed)")
            #expect(search.rewritten(queryChecks(fixture)) != fixture)
        }
        let details = try meanings("google", "placeDetails")
        #expect(details.rewritten(queryChecks(["placeid": .equals("ChIJabc")])) == ["place_id": .equals("ChIJabc")], "an alias is renamed")
    }

    /// Putting a large tree in the contract's terms looks each route up once per core and per
    /// method and path: every fixture must still get the form its own route gives it.
    @Test func aLargeTreeGetsEachFixturesOwnForm() throws {
        // The same path by two methods: only the contract's operation (GET) reads `limit` as a number.
        let sameRoute = try ["GET", "DELETE"].map { method in
            var decoder = FixtureDecoder(file: "yelp/\(method).json", root: "/nonexistent", existingFiles: [])
            let fixture = decoder.decode(Array(fixtureJSON(method: method, path: "/v3/businesses/search", query: #"{"limit": "20.0"}"#).utf8))
            return try #require(fixture, "\(decoder.problems)")
        }
        let fixtures = try FixtureLoader.load(from: bundledFixturesPath) + sameRoute
        let contracts = try Contracts.load(from: bundledContractsPath)
        let many = Array(repeating: fixtures, count: FixtureIndex.fixturesPerShard / fixtures.count + 1).flatMap { $0 }
        let forms = ContractMatching.forms(of: many, in: contracts)
        try #require(forms.count == many.count)
        for (fixture, form) in zip(many, forms) {
            let route = contracts.route(method: fixture.request.method, path: fixture.request.path.text)
            let expected = route.flatMap { ContractMatching.form(of: fixture, route: $0) }
            #expect(form?.pattern == expected?.pattern && form?.version == expected?.version, "\(fixture.file)")
        }
        #expect(forms.contains { $0?.version == "v19.0" }, "Graph fixtures are matched without their version")
        #expect(forms.contains { $0 == nil }, "most fixtures are in the contract's terms already")
        #expect(forms[fixtures.count - 2]?.pattern.query["limit"] == .equals("20"))
        #expect(forms[fixtures.count - 1] == nil, "no operation reads DELETE's query")
    }

    @Test func aPackSaysWhichParameterAnAliasStandsFor() throws {
        let problems = try problemsLoadingBundledPack(
            "google.openapi.json", editing: [("\"x-understudy-aliasOf\": \"place_id\"", "\"x-understudy-aliasOf\": \"place_idd\"")])
        #expect(problems.contains { $0.file == "google.openapi.json" && $0.message.contains("x-understudy-aliasOf \"place_idd\"") && $0.message.contains("placeDetails") })
    }

    @Test func aPacksBooleanSpellingsCannotContradictEachOther() throws {
        let problems = try problemsLoadingBundledPack("yelp.openapi.json", editing: [("\"False\"", "\"True\"")])
        #expect(problems.contains { $0.message.contains("\"True\" is listed as both true and false") })
    }

    @Test func aFixtureAtTheRequestedVersionComesBeforeOneAtAnother() async throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        let token = #"{"access_token": {"present": true}}"#
        try folder.write("facebook/a-me-v2.json", fixtureJSON(path: "/v2.8/me", query: token, response: #"{"json": {"id": "1", "name": "v2.8"}}"#))
        try folder.write("facebook/b-me-v19.json", fixtureJSON(path: "/v19.0/me", query: token, response: #"{"json": {"id": "1", "name": "v19.0"}}"#))
        let responder = Responder(fixtures: try folder.load(), contracts: try Contracts.load(from: bundledContractsPath), clock: ManualClock())
        func name(_ path: String) async -> String? {
            let response = await responder.respond(to: Request(method: "GET", target: path + "?access_token=EAAUnderstudyLongLivedToken"))
            return (try? JSONParser.parse(response.body))?["name"]?.stringValue
        }
        #expect(await name("/v19.0/me") == "v19.0")
        #expect(await name("/v2.8/me") == "v2.8")
        #expect(await name("/v24.0/me") == "v2.8")  // another version: the first by file name
        #expect(await name("/me") == "v2.8")
        #expect(responder.journal.entries.map(\.target).map { $0.prefix { $0 != "?" } } == ["/v19.0/me", "/v2.8/me", "/v24.0/me", "/me"])
    }
}

/// `conditions` as the checks a fixture's pattern holds them in (matching order).
func queryChecks(_ conditions: [String: ValueCondition]) -> [ConditionCheck] {
    RequestPattern(method: "GET", path: try! PathPattern.parse("/").get(), query: conditions, headers: [:], body: nil).queryChecks
}
