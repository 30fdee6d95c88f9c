import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The dashboard is the responder's, so a test's Understudy has it in either mode: the page, a
/// fixture's JSON from the bundled tree, and coverage from the bundled contracts.
@Suite("The dashboard in both transports")
struct DashboardTransportTests {
    @Test(arguments: TestServer.Mode.allCases)
    func thePageAndWhatItReadsAreServedInBothModes(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: TestFixtures.bundled, contracts: TestFixtures.contracts, mode: mode) { server in
            let session = URLSession(configuration: server.configuration)
            func get(_ path: String) async throws -> (String, Int) {
                let (data, response) = try await session.data(from: URL(string: server.baseURL.absoluteString + path)!)
                return (String(decoding: data, as: UTF8.self), (response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            let (page, pageStatus) = try await get("/__understudy/ui")
            #expect(pageStatus == 200)
            #expect(page.contains("<title>Understudy</title>") && page.contains("pollJournal"))
            let (fixture, fixtureStatus) = try await get("/__understudy/fixtures/" + TestFixtures.yelpSearchFixture)
            #expect(fixtureStatus == 200)
            let written = try String(contentsOfFile: TestFixtures.bundled + "/" + TestFixtures.yelpSearchFixture, encoding: .utf8)
            #expect(fixture == written)
            let (coverage, coverageStatus) = try await get("/__understudy/coverage")
            #expect(coverageStatus == 200)
            let operations = try JSONParser.parse(Array(coverage.utf8))["operations"]?.arrayValue ?? []
            let search = operations.first { $0["operation"] == "searchBusinesses" }
            #expect(search?["statuses"]?["200"]?.arrayValue?.contains(.string(TestFixtures.yelpSearchFixture)) == true)
        }
    }
}
