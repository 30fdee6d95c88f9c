import Foundation
import Testing
import UnderstudyJSON
import UnderstudySupport

/// A hostile contract over a socket (issue 42, N2): `serve` with a pack that turns its own
/// fallback on and whose answers hold a (nullable) required member leading back to its own schema and an
/// array of `minItems: 5e7` answers each a 500 naming the schema path, at once, and lives on.
@Suite struct HostilePackSocketTests {
    static let key = "AIzaFAKE-understudy-test-key-0000000000"

    @Test func aHostilePackIsAnswered500sAndTheServerLivesOn() async throws {
        var pack = try JSONParser.parse(Array(try Data(contentsOf: CLIProcess.repositoryRoot.appendingPathComponent("contracts/google.openapi.json"))))
        let schemas = "/components/schemas/"
        pack = pack.setting(pointer: schemas + "Loop", to: ["type": ["object", "null"], "properties": ["next": ["$ref": "#/components/schemas/Loop"]], "required": ["next"]])!
        pack = pack.setting(pointer: schemas + "PlaceDetailsResponse/properties/hostile", to: ["$ref": "#/components/schemas/Loop"])!
        pack = pack.setting(pointer: schemas + "PlaceDetailsResponse/required", to: ["html_attributions", "status", "hostile"])!
        pack = pack.setting(pointer: schemas + "NearbySearchResponse/properties/results/minItems", to: .number(JSONNumber(text: "5e7")!))!
        pack = pack.setting(pointer: "/x-understudy/fallback/mode", to: "contract")!
        let contracts = try CLIProcess.temporaryTree(["google.openapi.json": JSONWriter.string(pack)])
        defer { try? FileManager.default.removeItem(atPath: contracts) }
        let fixtures = CLIProcess.repositoryRoot.appendingPathComponent("fixtures").path
        let (answers, serverStatus) = try await Thread.blocking {
            Result { () throws -> ([(Int, String)], Int32) in
                let server = try CLIProcess.Serving(["--fixtures", fixtures, "--contracts", contracts])
                let port = server.url.port ?? 0
                var answers: [(Int, String)] = []
                for target in [
                    "/maps/api/place/details/json?place_id=hostile&key=\(Self.key)",
                    "/maps/api/place/nearbysearch/json?location=1.5,2.5&radius=9&keyword=hostile&key=\(Self.key)",
                    "/maps/api/place/details/json?place_id=again&key=\(Self.key)",
                ] {
                    let response = try RawHTTPConnection(port: port, timeoutSeconds: 10).get(target)
                    let error = (try? JSONParser.parse(response.body))?["understudy"]?["error"]?.stringValue ?? String(decoding: response.body.prefix(300), as: UTF8.self)
                    answers.append((response.status, error))
                }
                return (answers, server.stop().status)
            }
        }.get()
        #expect(answers.map(\.0) == [500, 500, 500])
        #expect(answers[0].1.contains("placeDetails") && answers[0].1.contains("#/components/schemas/Loop") && answers[0].1.contains("/hostile/next"), "\(answers[0].1)")
        #expect(answers[1].1.contains("nearbySearch") && answers[1].1.contains("minItems 50000000 asks for more than") && answers[1].1.contains("/results"), "\(answers[1].1)")
        #expect(serverStatus == 0)  // stopped by its SIGTERM, not ended by a trap
    }
}
