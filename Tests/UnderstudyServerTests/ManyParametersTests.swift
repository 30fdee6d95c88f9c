import Foundation
import Testing
import UnderstudyCore
import UnderstudyTooling
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
import UnderstudyServer
import UnderstudyURLSession

/// A request with thousands of query parameters still gets its whole miss report: the report
/// groups parameters in one pass (it cost the square of their count: 6,500 parameters took
/// 5.6 s in a debug build, 0.12 s after).
@Suite("Miss reports of many parameters")
struct ManyParametersTests {
    @Test func aMissWith6500ParametersIsReportedInFull() async throws {
        let count = 6500
        let query = (0..<count).map { "p\($0)=v\($0 % 7)" }.joined(separator: "&") + "&p1=again&key=MARKERsecret0123456789"
        let root = try CLIProcess.temporaryTree([
            "yelp/search.json": #"{"understudy": 1, "request": {"method": "GET", "path": "/v3/businesses/search", "query": {"term": "pizza"}}, "response": {"json": {}}}"#
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await LiveServer.withServer(responder: Responder(fixtures: try FixtureLoader.load(from: root))) { server async throws in
            let answer = try await URLSessionUpstream(timeout: 60).send(
                UpstreamRequest(method: "GET", url: server.baseURL.absoluteString + "/v3/businesses/search?" + query))
            #expect(answer.status == 404)
            let reported = try #require(try JSONParser.parse(answer.body)["understudy"]?["request"]?["query"]?.objectValue)
            #expect(reported.count == count + 1)
            #expect(reported["p1"] == ["v1", "again"])
            #expect(reported["p6499"] == ["v3"])
            #expect(reported["key"] == ["REDACTED"])
            let mismatches = try JSONParser.parse(answer.body)["understudy"]?["nearMisses"]?.arrayValue?.first?["mismatches"]?.arrayValue
            #expect(mismatches?.first?["condition"] == "query.term")
        }
    }
}
