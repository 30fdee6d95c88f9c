import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// One configuration builds every responder: it refuses what cannot work, and a recording one
/// checks requests against the same contracts as a serving one.
@Suite struct UnderstudyConfigurationTests {
    static let search = "/v3/businesses/search?location=San%20Francisco,%20CA&categories=restaurants&radius=16093&limit=20&sort_by=best_match"

    @Test func refusesWhatNeedsContractsWithoutThem() throws {
        let upstream = ResponderUpstream(Responder(fixtures: []))
        let recording = UnderstudyConfiguration(fixtures: [], recording: Recording(mode: .missing, root: NSTemporaryDirectory(), upstream: upstream))
        #expect(throws: UnderstudyConfiguration.Problem.self) { try recording.makeResponder() }
        let generating = UnderstudyConfiguration(fixtures: [], fallback: .contract)
        #expect(throws: UnderstudyConfiguration.Problem.self) { try generating.makeResponder() }
    }

    @Test func aRecordingConfigurationChecksQuotasAsServingDoes() async throws {
        let tree = NSTemporaryDirectory() + "understudy-configuration-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let contracts = try Contracts.load(from: bundledContractsPath)
        let providers = Responder(fixtures: try FixtureLoader.load(from: bundledFixturesPath))
        let configuration = UnderstudyConfiguration(
            fixtures: [], contracts: contracts, clock: ManualClock(),
            recording: Recording(mode: .missing, root: tree, upstream: ResponderUpstream(providers)))
        let responder = try configuration.makeResponder()
        #expect(responder.recorder != nil)
        responder.defaultSession.setQuotaLimit(2, for: "yelp")
        var statuses: [Int] = []
        for _ in 0..<3 {
            let request = Request(method: "GET", target: Self.search, headers: [HeaderField(name: "Authorization", value: "Bearer yelpMARKERkey0123456789abcdef")])
            statuses.append(await responder.respond(to: request).status)
        }
        #expect(statuses == [200, 200, 429])
    }
}
