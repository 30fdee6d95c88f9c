import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyContracts
import UnderstudySupport
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The contract fallback from a test: `withUnderstudy(fallback:)` and the trait turn it on,
/// over a socket and in the process alike, and `expectNoGeneratedAnswers` keeps a test on
/// recordings.
@Suite struct FallbackTests {
    static let key = "AIzaFAKE-understudy-test-key-0000000000"
    /// A nearby search no bundled fixture answers.
    static let nearby = "/maps/api/place/nearbysearch/json?location=48.85,2.35&radius=200&keyword=understudy&key=\(key)"

    private func get(_ server: TestServer, _ target: String) async throws -> (JSONValue?, HTTPURLResponse) {
        let url = URL(string: server.baseURL.absoluteString + target)!
        let (data, response) = try await URLSession(configuration: server.configuration).data(from: url)
        return (try? JSONParser.parse(Array(data)), response as! HTTPURLResponse)
    }

    @Test(arguments: TestServer.Mode.allCases)
    func aGeneratedFlowRunsFromSearchToPageTwoToDetails(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts, mode: mode, fallback: .contract) { server in
            let (first, response) = try await get(server, Self.nearby)
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: Fallback.generatedHeader) == "1")
            #expect(first?["status"] == "OK")
            let token = try #require(first?["next_page_token"]?.stringValue)
            server.clock.advance(by: 2)
            let (second, _) = try await get(server, "/maps/api/place/nearbysearch/json?pagetoken=\(token)&key=\(Self.key)")
            #expect(second?["status"] == "OK")
            let placeID = try #require(second?["results"]?.arrayValue?.first?["place_id"]?.stringValue)
            let (details, _) = try await get(server, "/maps/api/place/details/json?place_id=\(placeID)&key=\(Self.key)")
            #expect(details?["result"]?["place_id"] == .string(placeID))
            #expect(server.journal.entries.compactMap(\.generatedBy) == ["google: nearbySearch", "google: nearbySearch", "google: placeDetails"])
            server.expectNoUnmatchedRequests()
            server.expectNoContractViolations()
        }
    }

    @Test(arguments: TestServer.Mode.allCases)
    func bothTransportsSendTheSameGeneratedBytes(_ mode: TestServer.Mode) async throws {
        let bodies = try await withUnderstudy(fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts, mode: mode, fallback: .contract) { server in
            let url = URL(string: server.baseURL.absoluteString + Self.nearby)!
            return try await URLSession(configuration: server.configuration).data(from: url).0
        }
        let other = try await withUnderstudy(
            fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts, mode: mode == .live ? .inProcess : .live, fallback: .contract
        ) { server in
            try await URLSession(configuration: server.configuration).data(from: URL(string: server.baseURL.absoluteString + Self.nearby)!).0
        }
        #expect(bodies == other)
    }

    @Test(.understudy(fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts, mode: .inProcess, fallback: .contract))
    func expectNoGeneratedAnswersFailsAtTheCallersLine() async throws {
        let server = try #require(TestServer.current)
        #expect(try await get(server, Self.nearby).1.statusCode == 200)
        let line = #line + 2
        withKnownIssue {
            server.expectNoGeneratedAnswers()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line && text.contains("1 request was answered from the contract, not a fixture")
                && text.contains("generated from google: nearbySearch") && !text.contains(Self.key)
        }
    }

    @Test(.understudy(fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts))
    func withoutTheOptionAMissIsReportedAndNothingIsGenerated() async throws {
        let server = try #require(TestServer.current)
        let (_, response) = try await get(server, Self.nearby)
        #expect(response.statusCode == 404)
        #expect(response.value(forHTTPHeaderField: Fallback.generatedHeader) == nil)
        server.expectNoGeneratedAnswers()
        #expect(server.journal.missCount == 1)
    }

    @Test func theFallbackWithoutContractsSaysWhatIsMissing() async throws {
        let error = await #expect(throws: (any Error).self) {
            try await withUnderstudy(fixtures: TestFixtures.bundled, fallback: .contract) { _ in }
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("pass contracts:"))
    }
}
