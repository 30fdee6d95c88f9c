import Foundation
import Testing
import UnderstudyCore
import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
import UnderstudyURLSession

/// A templated answer that would repeat the request past the rendering budget gets a clear
/// 500 naming its fixture, rather than gigabytes and a blocked event loop.
@Suite("Templated answer size")
struct TemplateLimitTests {
    @Test func anAnswerPastTheBudgetIsAClearErrorAndSmallerOnesRender() async throws {
        let echo = String(repeating: "{{request.json/blob}}", count: 100)
        let root = try CLIProcess.temporaryTree([
            "feed/echo.json": #"{"understudy": 1, "request": {"method": "POST", "path": "/echo"}, "response": {"template": true, "text": "\#(echo)"}}"#,
            "feed/ok.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/ok"}, "response": {"text": "ok"}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let client = URLSessionUpstream(timeout: 60)
        try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: root))) { server async throws in
            func post(blob size: Int) async throws -> UpstreamResponse {
                let body = JSONWriter.bytes(["blob": .string(String(repeating: "x", count: size))])
                return try await client.send(UpstreamRequest(
                    method: "POST", url: server.baseURL.absoluteString + "/echo",
                    headers: [HeaderField(name: "Content-Type", value: "application/json")], body: body))
            }
            let small = try await post(blob: 1000)
            #expect(small.status == 200 && small.body.count == 100_000)
            let huge = try await post(blob: 1 << 20)  // 100 MB rendered: past the 32 MB budget
            #expect(huge.status == 500)
            let error = try JSONParser.parse(huge.body)["understudy"]
            #expect(error?["fixture"] == "feed/echo.json")
            #expect(error?["error"]?.stringValue?.contains("would exceed 32 MB") == true, "\(String(describing: error))")
            let ok = try await client.send(UpstreamRequest(method: "GET", url: server.baseURL.absoluteString + "/ok"))
            #expect(ok.status == 200)
        }
    }
}
