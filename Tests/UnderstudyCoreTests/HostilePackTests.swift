import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// A contract is untrusted input (issue 42, N2): a pack whose schema asks for absurd numbers,
/// huge counts or a required member that leads back to its own schema gets a bounded answer
/// from `Fallback.contract` (a value, a miss report or a 500 naming where generation stopped),
/// never a trap, a stack overflow or a blocked event loop.
@Suite struct HostilePackTests {
    static let details = "/maps/api/place/details/json?place_id=hostile&key=\(ContractFallbackTests.googleKey)"
    static let response = "/components/schemas/PlaceDetailsResponse"

    /// The Google pack with a required member `hostile` of `schema` in the details answer
    /// (and `extra` components), the only pack in a temporary folder, its fallback on.
    static func responder(hostile schema: JSONValue, extra: [String: JSONValue] = [:]) throws -> Responder {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        var pack = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: bundledContractsPath + "/google.openapi.json"))))
        pack = pack.setting(pointer: response + "/properties/hostile", to: schema)!
        pack = pack.setting(pointer: response + "/required", to: ["html_attributions", "status", "hostile"])!
        for (name, component) in extra { pack = pack.setting(pointer: "/components/schemas/" + name, to: component)! }
        pack = pack.setting(pointer: "/x-understudy/fallback/mode", to: "contract")!  // the pack's own switch
        try folder.write("google.openapi.json", JSONWriter.string(pack))
        return Responder(fixtures: [], contracts: try Contracts.load(from: folder.root), clock: ManualClock(), fallback: .miss)
    }

    static func number(_ text: String) -> JSONValue { .number(JSONNumber(text: text)!) }

    /// The answer to the details request, checked to be within the generation budget.
    static func answer(hostile schema: JSONValue, extra: [String: JSONValue] = [:]) async throws -> Response {
        let response = await try responder(hostile: schema, extra: extra).respond(to: Request(method: "GET", target: details))
        #expect(response.body.count <= GenerationBudget.maximumBytes)
        return response
    }

    static func error(_ response: Response) throws -> String {
        try #require(JSONParser.parse(response.body)["understudy"]?["error"]?.stringValue)
    }

    @Test(arguments: [
        ["type": "integer", "maximum": number("1e19")],
        ["type": "integer", "minimum": number("-9.3e18"), "maximum": number("9.2e18")],
        ["type": "integer", "exclusiveMinimum": number("-9223372036854775808"), "exclusiveMaximum": number("9223372036854775807")],
        ["type": "integer", "multipleOf": number("1e300")],
        ["type": "number", "minimum": number("-1.7976931348623157e308"), "maximum": number("1.7976931348623157e308")],
    ] as [JSONValue])
    func integerBoundsPastInt64AreAnsweredWithoutATrap(_ schema: JSONValue) async throws {
        let response = try await Self.answer(hostile: schema)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self).prefix(400))")
        guard case .number? = try JSONParser.parse(response.body)["hostile"] else {
            Issue.record("hostile is not a number: \(String(decoding: response.body, as: UTF8.self).prefix(400))")
            return
        }
    }

    @Test func aRequiredMemberLeadingBackToItsOwnObjectSchemaIsALoadProblemByFileAndPath() throws {
        let loop: JSONValue = ["type": "object", "properties": ["next": ["$ref": "#/components/schemas/Loop"]], "required": ["next"]]
        let problems = try #require(throws: FixtureLoadError.self) { try Self.responder(hostile: ["$ref": "#/components/schemas/Loop"], extra: ["Loop": loop]) }.problems
        let text = problems.map(\.description).joined(separator: "\n")
        #expect(text.contains("google.openapi.json") && text.contains("#/components/schemas/Loop/properties/next → #/components/schemas/Loop"), "\(text)")
        #expect(text.contains("required members lead back to the same schema"), "\(text)")
    }

    /// The loader accepts a chain that may end in `null`; generation, which prefers objects, is
    /// refused where the chain comes back.
    @Test func aNullableRequiredMemberLeadingBackToItsOwnSchemaIsA500NamingIt() async throws {
        let loop: JSONValue = ["type": ["object", "null"], "properties": ["next": ["$ref": "#/components/schemas/Loop"]], "required": ["next"]]
        let response = try await Self.answer(hostile: ["$ref": "#/components/schemas/Loop"], extra: ["Loop": loop])
        #expect(response.status == 500)
        let error = try Self.error(response)
        #expect(error.contains("placeDetails") && error.contains("#/components/schemas/Loop") && error.contains("/hostile/next/next"), "\(error)")
    }

    @Test func valuesNestedPastTheBoundAreA500() async throws {
        // A chain of distinct components (the JSON parser bounds how deep one schema nests).
        var chain: [String: JSONValue] = ["Link\(GenerationBudget.maximumNesting + 10)": ["type": "string"]]
        for index in 0..<(GenerationBudget.maximumNesting + 10) {
            chain["Link\(index)"] = ["type": "object", "properties": ["a": ["$ref": .string("#/components/schemas/Link\(index + 1)")]], "required": ["a"]]
        }
        let response = try await Self.answer(hostile: ["$ref": "#/components/schemas/Link0"], extra: chain)
        #expect(response.status == 500)
        #expect(try Self.error(response).contains("nested more than \(GenerationBudget.maximumNesting) deep at /hostile/a/a/"))
    }

    @Test(arguments: [
        (["type": "array", "minItems": number("5e7"), "items": ["type": "string"]], "minItems 50000000"),
        (["type": "string", "minLength": number("2e9")], "more than \(GenerationBudget.maximumBytes) bytes"),
        (["type": "object", "minProperties": number("3e7")], "minProperties 30000000"),
        // Within the element bound, but 1,000 × 1,000 strings of 1,000 bytes pass the byte budget.
        (["type": "array", "minItems": 1000, "items": ["type": "array", "minItems": 1000, "items": ["type": "string", "minLength": 1000]]], "bytes"),
    ] as [(JSONValue, String)])
    func hugeCountsAreA500NamingTheSchemaPath(_ schema: JSONValue, _ reason: String) async throws {
        let clock = ContinuousClock.now
        let response = try await Self.answer(hostile: schema)
        #expect(ContinuousClock.now - clock < .seconds(10))  // a generous bound: it takes milliseconds
        #expect(response.status == 500)
        let error = try Self.error(response)
        #expect(error.contains("google") && error.contains("placeDetails") && error.contains("/hostile") && error.contains(reason), "\(error)")
    }

    @Test func hostileQuantifiersInAPatternAreRefusedOrBounded() {
        var random = SeededGenerator(seed: 1)
        #expect(PatternGenerator("^a{2000000000}$") == nil)
        #expect(PatternGenerator("^a{0,9223372036854775807}$") == nil)
        #expect(PatternGenerator("^a{-1}$") == nil)
        #expect(PatternGenerator("^a{9223372036854775807,}$") == nil)
        let nested = try! #require(PatternGenerator("^((a{1000}){1000}){1000}$"))
        #expect(nested.string(using: &random).utf8.count <= PatternGenerator.maximumLength + 1_000)
    }
}
