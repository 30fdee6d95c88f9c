import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Contracts from a test's point of view: the trait and `withUnderstudy` load them, a broken
/// request fails the test at the caller's line, and the test controls the quota and the clock.
@Suite struct ContractExpectationTests {
    private func yelp(_ server: TestServer, _ target: String) async throws -> (JSONValue?, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        request.setValue("Bearer FAKE-understudy-yelp-api-key", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession(configuration: server.configuration).data(for: request)
        return (try? JSONParser.parse(Array(data)), response as! HTTPURLResponse)
    }

    @Test(.understudy(fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts))
    func aRequestThatBreaksTheContractFailsAtTheCallersLine() async throws {
        let server = try #require(TestServer.current)
        let (body, response) = try await yelp(server, TestFixtures.yelpSearch.replacingOccurrences(of: "limit=20", with: "limit=51"))
        #expect(response.statusCode == 400)
        #expect(body?["error"]?["description"] == "The supplied limit: 51 is invalid.")
        let line = #line + 2
        withKnownIssue {
            server.expectNoContractViolations()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line && text.contains("1 request broke the provider contract")
                && text.contains("yelp searchBusinesses: query parameter limit: expected") && text.contains("answered 400 by yelp: validationError")
        }
    }

    @Test(arguments: TestServer.Mode.allCases)
    func aGoodFlowHasNoViolationsAndTheQuotaIsTheTests(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts, mode: mode) { server in
            server.setQuota(1, for: "yelp")
            #expect(try await yelp(server, TestFixtures.yelpSearch).1.statusCode == 200)
            let (body, limited) = try await yelp(server, TestFixtures.yelpSearch)
            #expect(limited.statusCode == 429)
            #expect(body?["error"]?["code"] == "ACCESS_LIMIT_REACHED")
            server.clock.advance(by: 86_400)
            #expect(try await yelp(server, TestFixtures.yelpSearch).1.statusCode == 200)
            server.expectNoContractViolations()
            server.expectNoUnmatchedRequests()
        }
    }
}
