import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Seeded mutations of the Google pack's schemas (numbers at the edges of Int64 and Double,
/// huge counts, required members leading back to their own schema): generation never traps and
/// every value stays within the `GenerationBudget`. Bounded by its number of cases, not by time.
@Suite struct HostilePackFuzzTests {
    static let cases = 300
    static let keywords = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
        "minLength", "maxLength", "minProperties", "maxProperties",
    ]
    static let edges = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "9.2e18", "-9.3e18", "1e19", "-1e19",
        "1e300", "-1e300", "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324", "0", "-1", "1",
        "9007199254740993", "5e7", "2e9", "3e7", "1000", "1001", "0.5",
    ]

    /// The pack's document with 1–4 seeded mutations of its component schemas (of `only`, when given).
    static func mutated(_ document: JSONValue, only: [String]? = nil, random: inout SeededGenerator) -> JSONValue {
        var document = document
        let names = only ?? (document["components"]?["schemas"]?.objectValue ?? [:]).keys.sorted()
        for _ in 0..<(1 + Int(random.next() % 4)) {
            let name = names[Int(random.next() % UInt64(names.count))]
            let schema = "/components/schemas/" + name
            if random.next() % 4 == 0 {
                // A required member whose $ref leads back to its own schema (the loader refuses it
                // for an object alone; a nullable one reaches the generator).
                document = document.setting(pointer: schema + "/properties/loop", to: ["$ref": .string("#" + schema)]) ?? document
                if random.next() % 2 == 0 { document = document.setting(pointer: schema + "/type", to: ["object", "null"]) ?? document }
                let required = (document.at(pointer: schema + "/required")?.arrayValue ?? []) + ["loop"]
                document = document.setting(pointer: schema + "/required", to: .array(required)) ?? document
            } else {
                let keyword = keywords[Int(random.next() % UInt64(keywords.count))]
                let edge = edges[Int(random.next() % UInt64(edges.count))]
                let target = random.next() % 2 == 0 ? schema : schema + "/properties/" + "fuzz"
                document = document.setting(pointer: target + "/" + keyword, to: .number(JSONNumber(text: edge)!)) ?? document
                if target.hasSuffix("fuzz") {
                    let type = ["integer", "number", "string", "array", "object"][Int(random.next() % 5)]
                    document = document.setting(pointer: target + "/type", to: .string(type)) ?? document
                    let required = (document.at(pointer: schema + "/required")?.arrayValue ?? []) + ["fuzz"]
                    document = document.setting(pointer: schema + "/required", to: .array(required)) ?? document
                }
            }
        }
        return document
    }

    @Test func mutatedSchemasNeverTrapAndStayWithinTheBudget() throws {
        let google = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: bundledContractsPath + "/google.openapi.json"))))
        let names = (google["components"]?["schemas"]?.objectValue ?? [:]).keys.sorted()
        var random = SeededGenerator(seed: 42)
        var refused = 0
        for seed in 0..<Self.cases {
            let document = Self.mutated(google, random: &random)
            let root = names[seed % names.count]
            var generator = UnderstudyContracts.InstanceGenerator(document: document, seed: UInt64(seed))
            let value = generator.value(for: ["$ref": .string("#/components/schemas/" + root)])
            #expect(generator.budget.steps <= GenerationBudget.maximumSteps, "case \(seed)")
            #expect(generator.budget.bytes <= GenerationBudget.maximumBytes, "case \(seed)")
            #expect(JSONWriter.bytes(value).count <= GenerationBudget.maximumBytes, "case \(seed)")
            if generator.budget.exceeded != nil { refused += 1 }
        }
        #expect(refused > 0 && refused < Self.cases)  // the mutations do reach the budget, and not always
    }

    /// Fewer cases (60) through the loader and the responder: a pack is either refused when loaded
    /// or answered (a value, a miss report or a 500) within the budget.
    @Test func mutatedPacksAreRefusedOrAnsweredWithinTheBudget() async throws {
        let google = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: bundledContractsPath + "/google.openapi.json"))))
        var random = SeededGenerator(seed: 7)
        var statuses: [Int: Int] = [:]
        for seed in 0..<60 {
            let folder = try TemporaryFixtures()
            defer { folder.remove() }
            // The schemas the two requests below answer with, so most mutations are reached.
            var pack = Self.mutated(google, only: ["PlaceDetailsResponse", "PlaceDetails", "NearbySearchResponse", "PlaceSearchResult"], random: &random)
            pack = pack.setting(pointer: "/x-understudy/fallback/mode", to: "contract")!
            try folder.write("google.openapi.json", JSONWriter.string(pack))
            guard let contracts = try? Contracts.load(from: folder.root) else {
                statuses[0, default: 0] += 1
                continue
            }
            let responder = Responder(fixtures: [], contracts: contracts, clock: ManualClock(), fallback: .miss)
            for target in [HostilePackTests.details, ContractFallbackTests.nearby] {
                let response = await responder.respond(to: Request(method: "GET", target: target))
                #expect([200, 404, 500].contains(response.status), "case \(seed)")
                #expect(response.body.count <= GenerationBudget.maximumBytes, "case \(seed)")
                statuses[response.status, default: 0] += 1
            }
        }
        #expect(statuses[500, default: 0] > 0 && statuses[0, default: 0] > 0, "\(statuses)")
    }
}
