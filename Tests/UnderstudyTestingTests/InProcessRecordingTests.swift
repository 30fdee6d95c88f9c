import Foundation
import Testing
import UnderstudyContracts
import UnderstudyCore
import UnderstudyTooling
import UnderstudyFixtures
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording is the responder's, so it works in process as over a socket: a miss goes to the
/// upstream (here another Understudy replaying the bundled fixtures, in the process too), the
/// answer is scrubbed and written, journaled once as recorded, and the new tree replays it.
@Suite("Recording in process")
struct InProcessRecordingTests {
    @Test(arguments: TestServer.Mode.allCases)
    func aMissIsRecordedThenReplayed(_ mode: TestServer.Mode) async throws {
        let tree = try TestFixtures.tree([:])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let contracts = try Contracts.load(from: TestFixtures.contracts)
        let providers = Responder(fixtures: try FixtureLoader.load(from: TestFixtures.bundled))
        let recorder = Recorder(
            mode: .missing, root: tree, contracts: contracts, upstream: ResponderUpstream(providers))
        let recording = Responder(fixtures: [], clock: ManualClock(), recorder: recorder)
        let (body, status) = try await withUnderstudy(responder: recording, mode: mode) { server in
            let answer = try await Self.search(server, key: Self.realLookingKey)
            #expect(server.journal.entries.map(\.answer) == [.recorded(try #require(recorder.summary.recorded.first?.file))])
            server.expectNoUnmatchedRequests()
            return answer
        }
        #expect(status == 200)
        #expect(providers.journal.entries.map(\.fixture) == [TestFixtures.yelpSearchFixture])

        // The recorded tree answers the same request, in either mode, with the same bytes.
        try await withUnderstudy(fixtures: tree, mode: mode) { replay in
            let (replayed, replayedStatus) = try await Self.search(replay, key: "FAKE-understudy-yelp-api-key")
            #expect(replayedStatus == 200 && replayed == body)
            replay.expectNoUnmatchedRequests()
        }
        let written = try String(contentsOfFile: tree + "/" + (recorder.summary.recorded.first?.file ?? ""), encoding: .utf8)
        #expect(!written.contains(Self.realLookingKey))  // the credential became a condition, not a value
    }

    /// While recording, a request is decided once: the quota counts it once whether the fixtures,
    /// the recorder or the provider's own answer settles it, over a socket as in process.
    @Test(arguments: TestServer.Mode.allCases)
    func recordingCountsTheQuotaOncePerRequest(_ mode: TestServer.Mode) async throws {
        let tree = try TestFixtures.tree([:])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let contracts = try Contracts.load(from: TestFixtures.contracts)
        let providers = Responder(fixtures: try FixtureLoader.load(from: TestFixtures.bundled))
        let recorder = Recorder(mode: .missing, root: tree, contracts: contracts, upstream: ResponderUpstream(providers))
        let recording = Responder(fixtures: [], contracts: contracts, clock: ManualClock(), recorder: recorder)
        let statuses = try await withUnderstudy(responder: recording, mode: mode) { server in
            var quota = URLRequest(url: URL(string: server.baseURL.absoluteString + "/__understudy/quota/yelp")!)
            quota.httpMethod = "PUT"
            quota.httpBody = Data(#"{"limit": 2}"#.utf8)
            quota.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let (_, set) = try await URLSession(configuration: server.configuration).data(for: quota)
            #expect((set as? HTTPURLResponse)?.statusCode == 200)
            var statuses: [Int] = []
            for _ in 0..<3 { statuses.append(try await Self.search(server, key: Self.realLookingKey).1) }
            return statuses
        }
        #expect(statuses == [200, 200, 429], "\(mode)")
        #expect(providers.journal.entries.count == 1, "the second search is the recorder's replay of the first")
    }

    /// A key that could be real: it must not reach the disk.
    static let realLookingKey = "yelpMARKERkey0123456789abcdefXYZ"

    /// The README's search with `key`, through a session that reaches `server`.
    private static func search(_ server: TestServer, key: String) async throws -> (Data, Int) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + TestFixtures.yelpSearch)!)
        request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession(configuration: server.configuration).data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
