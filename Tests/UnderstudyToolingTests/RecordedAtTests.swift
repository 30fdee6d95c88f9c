import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// Recordings say when they were made, so their times move with the clock and never turn into
/// expired tokens; `lint` warns about fixtures whose times are past and that do not say.
@Suite("When a fixture was recorded")
struct RecordedAtTests {
    @Test func anImportedFixtureIsRecordedWhenTheArchiveSaysItsRequestStarted() throws {
        let folder = try HARTemporaryFolder()
        defer { folder.remove() }
        var started = HARImportTests.entry(
            "https://api.yelp.com/v3/businesses/search?term=pizza&location=SF", requestHeaders: [("Authorization", "Bearer yelpMARKERkey0123456789abcdefXYZ")],
            text: #"{"businesses": [], "total": 0}"#)
        started = try #require(started.setting(pointer: "/startedDateTime", to: "2025-12-01T09:30:15.250+01:00"))
        var dated = HARImportTests.entry(
            "https://maps.googleapis.com/maps/api/place/details/json?place_id=x&key=AIzaSyMARKERgoogle0123456789abcdefghi",
            responseHeaders: [("Date", "Tue, 02 Dec 2025 10:00:00 GMT")], text: #"{"status": "OK", "result": {}}"#)
        dated = try #require(dated.setting(pointer: "/startedDateTime", to: "not a time"))
        _ = try folder.importArchive(HARImportTests.har([started, dated]))
        #expect(try folder.fixture(matching: "yelp/")["recordedAt"] == "2025-12-01T08:30:15Z")
        #expect(try folder.fixture(matching: "google/")["recordedAt"] == "2025-12-02T10:00:00Z", "no startedDateTime: the answer's Date")
    }

    @Test func aRecordingIsRecordedWhenTheProviderAnswered() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let upstream = StubUpstream { request in
            request.url.contains("/v3/businesses/search")
                ? StubUpstream.json(#"{"businesses": [], "total": 0}"#, headers: [HeaderField(name: "Date", value: "Mon, 01 Dec 2025 08:00:00 GMT")])
                : StubUpstream.json(#"{"status": "OK", "result": {}}"#)
        }
        let recorder = Recorder(mode: .missing, root: tree.root, contracts: try Contracts.load(from: bundledContractsPath), upstream: upstream, existing: [])
        let before = Date()
        _ = await recorder.answer(clientRequest("/v3/businesses/search?term=pizza&location=SF", headers: [("Authorization", "Bearer FAKE-understudy-yelp-api-key")]))
        _ = await recorder.answer(clientRequest("/maps/api/place/details/json?place_id=x&key=AIzaFAKE-understudy-test-key-0000000000"))
        let written = try FixtureLoader.load(from: tree.root)
        let yelp = try #require(written.first { $0.file.hasPrefix("yelp/") })
        #expect(yelp.recordedAt == ISO8601Time.date(from: "2025-12-01T08:00:00Z"))
        let google = try #require(written.first { $0.file.hasPrefix("google/") }?.recordedAt)
        #expect(google >= before.addingTimeInterval(-1) && google <= Date().addingTimeInterval(1), "no Date header: the moment it was written")
    }

    @Test func lintFindsPastTimesOnlyWhereNoRecordedAtMovesThem() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        let body = #"{"data": {"app_id": "138483919580948", "is_valid": true, "expires_at": 1767225600, "issued_at": 1764633600, "user_id": "1"}}"#
        func fixture(_ recordedAt: String?) -> String {
            #"{"understudy": 1, "request": {"method": "GET", "path": "/debug_token", "query": {"input_token": "EAAUnderstudy\#(recordedAt == nil ? "Bomb" : "Kept")"}},"#
                + (recordedAt.map { #" "recordedAt": "\#($0)","# } ?? "") + #" "response": {"status": 200, "json": \#(body)}}"#
        }
        try tree.write("facebook/bomb.json", fixture(nil))
        try tree.write("facebook/kept.json", fixture("2025-12-02T00:00:00Z"))
        let contracts = try Contracts.load(from: bundledContractsPath)
        let fixtures = try FixtureLoader.load(from: tree.root)
        let found = TimeBombs.find(in: fixtures, contracts: contracts, now: try #require(ISO8601Time.date(from: "2026-06-01T00:00:00Z")))
        #expect(found.map(\.file) == ["facebook/bomb.json"])
        #expect(found.first?.member == "$.response /data/expires_at")
        #expect(found.first.map(String.init(describing:))?.contains("2026-01-01T00:00:00Z") == true)
        let early = TimeBombs.find(in: fixtures, contracts: contracts, now: try #require(ISO8601Time.date(from: "2025-12-15T00:00:00Z")))
        #expect(early.map(\.member) == ["$.response /data/issued_at"], "issued_at is past already, expires_at not yet")
    }

    @Test func theBundledTreeHasNoTimeBombs() throws {
        let found = TimeBombs.find(in: try FixtureLoader.load(from: bundledFixturesPath), contracts: try Contracts.load(from: bundledContractsPath), now: Date())
        #expect(found.isEmpty, "\(found.map(String.init(describing:)).joined(separator: "\n"))")
    }
}
