import Foundation
import Testing
@testable import UnderstudyCore

/// Recorded times moved to the server's clock, as the packs' `x-understudy.times` declare them.
@Suite struct TimeShiftTests {
    @Test func eachFormatIsMovedAndWrittenAsItWas() throws {
        let day: TimeInterval = 86_400
        #expect(TimeFormat.epochSeconds.shifted(.number(JSONNumber(1_798_761_600)), by: day, formatter: nil) == .number(JSONNumber(1_798_848_000)))
        #expect(TimeFormat.epochMillis.shifted(.number(JSONNumber(1_000)), by: 1, formatter: nil) == .number(JSONNumber(2_000)))
        #expect(TimeFormat.epochSeconds.shifted(.number(JSONNumber(0)), by: day, formatter: nil) == nil)  // 0: never expires
        #expect(TimeFormat.epochSeconds.shifted(.string("1700000000"), by: 10, formatter: nil) == .string("1700000010"))
        let iso = TimeFormat.iso8601
        #expect(iso.shifted("2024-03-28T00:00:00+00:00", by: day, formatter: iso.makeFormatter()) == "2024-03-29T00:00:00+00:00")
        let pacific = TimeFormat("yyyy-MM-dd HH:mm:ss", timeZone: TimeZone(identifier: "America/Los_Angeles")!)
        // Across the daylight-saving change: 24 hours later is 01:31 by the wall clock.
        #expect(pacific.shifted("2023-11-04 12:31:07", by: day, formatter: pacific.makeFormatter()) == "2023-11-05 11:31:07")
        #expect(pacific.shifted("not a time", by: day, formatter: pacific.makeFormatter()) == nil)
        #expect(TimeFormat.epochSeconds.shifted(.string("soon"), by: 1, formatter: nil) == nil)
    }

    @Test func aStarReachesEveryElement() throws {
        let json: JSONValue = ["reviews": [["time": 10], ["time": 20], ["text": "no time"]], "time": 5]
        let moved = json.transforming(["reviews", "*", "time"]) { value in
            guard case .number(let number) = value else { return nil }
            return .number(JSONNumber(Int(number.value) + 1))
        }
        #expect(moved == ["reviews": [["time": 11], ["time": 21], ["text": "no time"]], "time": 5])
    }

    @Test func aResponsesTimesMoveAndTheRestStays() throws {
        let entry = PackTimes.Entry(
            operations: ["debugToken"], json: [(["data", "expires_at"], .epochSeconds), (["data", "issued_at"], .epochSeconds)],
            headers: [("RateLimit-ResetTime", .iso8601)])
        var response = Response(
            status: 200, headers: [HeaderField(name: "ratelimit-resettime", value: "2027-01-02T00:00:00+00:00")],
            body: JSONWriter.bytes(["data": ["expires_at": 1_803_945_600, "issued_at": 1_798_761_600, "user_id": "10160000000000001"]]))
        let recorded = Date(timeIntervalSince1970: 1_798_761_600)
        TimeShift.apply(entry, recordedAt: recorded, replayedFrom: recorded.addingTimeInterval(3_600), to: &response)
        #expect(try JSONParser.parse(response.body) == ["data": ["expires_at": 1_803_949_200, "issued_at": 1_798_765_200, "user_id": "10160000000000001"]])
        #expect(response.headers.first?.value == "2027-01-02T01:00:00+00:00")
    }

    @Test func aPackNamesOnlyOperationsItHasAndFormatsItKnows() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        var pack = try String(contentsOfFile: bundledContractsPath + "/facebook.openapi.json", encoding: .utf8)
        pack = pack.replacingOccurrences(of: "\"/data/issued_at\": \"epochSeconds\"", with: "\"data/issued_at\": \"epochSeconds\"")
        pack = pack.replacingOccurrences(of: "\"times\": [\n      {\n", with: "\"times\": [\n      {\"operations\": [\"debugTokn\"], \"json\": {\"/x\": \"iso8601\"}},\n      {\n")
        try folder.write("facebook.openapi.json", pack)
        let error = try #require(throws: FixtureLoadError.self) { try Contracts.load(from: folder.root) }
        let messages = error.problems.map(\.message)
        #expect(messages.contains { $0.contains("no operation with operationId \"debugTokn\"") })
        #expect(messages.contains { $0.contains("\"data/issued_at\" is not a JSON pointer") })
    }

    @Test func aFixtureSaysWhenItWasRecordedInISO8601() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        try folder.write("facebook/a.json", fixtureJSON(path: "/me", extra: #""recordedAt": "yesterday","#))
        let error = try #require(throws: FixtureLoadError.self) { try folder.load() }
        #expect(error.problems.map(\.message) == ["expected an ISO 8601 time such as 2027-01-01T00:00:00Z, found \"yesterday\""])
        try folder.write("facebook/a.json", fixtureJSON(path: "/me", extra: #""recordedAt": "2027-01-01T00:00:00Z","#))
        #expect(try folder.load().first?.recordedAt == Date(timeIntervalSince1970: 1_798_761_600))
    }
}
