import Foundation
import Testing
import UnderstudyCore
import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
import UnderstudyURLSession

/// JSON numbers compare by exact value: two 17-digit Facebook ids one `Double` apart are
/// different ids in body matching and in a schema's `const` and `enum`; `1` still equals `1.0`.
@Suite("Exact JSON numbers")
struct ExactNumberTests {
    static let id = "12345678901234567"
    static let neighbour = "12345678901234568"  // the same Double as `id`

    @Test func bodyMatchingTellsSeventeenDigitIdsApart() async throws {
        let root = try CLIProcess.temporaryTree([
            "facebook/one.json": #"{"understudy": 1, "request": {"method": "POST", "path": "/v19.0/me/permissions", "body": {"json": {"id": \#(Self.id), "n": 1}}}, "response": {"text": "one"}}"#
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let client = URLSessionUpstream(timeout: Patience.exchange)
        try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: root))) { server async throws in
            func post(_ body: String) async throws -> Int {
                try await client.send(UpstreamRequest(
                    method: "POST", url: server.baseURL.absoluteString + "/v19.0/me/permissions",
                    headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array(body.utf8))).status
            }
            #expect(try await post(#"{"id": \#(Self.id), "n": 1.0}"#) == 200)
            #expect(try await post(#"{"id": \#(Self.neighbour), "n": 1}"#) == 404)
            #expect(try await post(#"{"id": 1.2345678901234567e16, "n": 1}"#) == 200)
        }
    }

    @Test func schemaConstAndEnumCompareExactly() throws {
        let const = try JSONSchema(try JSONParser.parse(#"{"const": \#(Self.id)}"#))
        #expect(const.isValid(try JSONParser.parse(Self.id)))
        #expect(!const.isValid(try JSONParser.parse(Self.neighbour)))
        let choices = try JSONSchema(try JSONParser.parse(#"{"enum": [1, \#(Self.id)]}"#))
        #expect(choices.isValid(try JSONParser.parse("1.0")))
        #expect(!choices.isValid(try JSONParser.parse(Self.neighbour)))
        let unique = try JSONSchema(try JSONParser.parse(#"{"uniqueItems": true}"#))
        #expect(unique.isValid(try JSONParser.parse("[\(Self.id), \(Self.neighbour)]")))
        #expect(!unique.isValid(try JSONParser.parse("[1, 1.0]")))
    }
}
