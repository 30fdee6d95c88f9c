import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTestSupport

/// Recorded times moved to the server's clock, as the packs' `x-understudy.times` declare them.
@Suite struct TimeShiftTests {
    @Test func eachFormatIsMovedAndWrittenAsItWas() throws {
        let day: TimeInterval = 86_400
        #expect(TimeFormat.epochSeconds.shifted(.number(JSONNumber(1_798_761_600)), by: day) == .number(JSONNumber(1_798_848_000)))
        #expect(TimeFormat.epochMillis.shifted(.number(JSONNumber(1_000)), by: 1) == .number(JSONNumber(2_000)))
        #expect(TimeFormat.epochSeconds.shifted(.number(JSONNumber(0)), by: day) == nil)  // 0: never expires
        #expect(TimeFormat.epochSeconds.shifted(.string("1700000000"), by: 10) == .string("1700000010"))
        #expect(TimeFormat.iso8601.shifted("2024-03-28T00:00:00+00:00", by: day) == "2024-03-29T00:00:00+00:00")
        let pacific = TimeFormat("yyyy-MM-dd HH:mm:ss", zone: PackTimeZone("America/Los_Angeles")!)
        // Across the daylight-saving change: 24 hours later is 01:31 by the wall clock.
        #expect(pacific.shifted("2023-11-04 12:31:07", by: day) == "2023-11-05 11:31:07")
        #expect(pacific.shifted("not a time", by: day) == nil)
        #expect(TimeFormat.epochSeconds.shifted(.string("soon"), by: 1) == nil)
    }

    /// A recorded number past Int64 is no time: it stays as recorded, where the conversion trapped.
    @Test func aNumberPastInt64StaysAsRecorded() throws {
        for text in ["1e19", "-1e19", "9223372036854775808", "1e300"] {
            let number = try #require(JSONNumber(text: text))
            #expect(TimeFormat.epochSeconds.shifted(.number(number), by: 86_400) == nil, "\(text)")
            #expect(TimeFormat.epochMillis.shifted(.number(number), by: 86_400) == nil, "\(text)")
            #expect(TimeFormat.epochSeconds.shifted(.string(text), by: 1) == nil, "\(text)")
        }
        #expect(TimeFormat.epochMillis.shifted(.number(JSONNumber(1_000_000_000_000_000)), by: 1) == .number(JSONNumber(1_000_000_000_001_000)))
    }

    @Test func iso8601TimesMoveExactlyAsTheFormatterMovedThem() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxxxx"
        var random = SeededGenerator(seed: 28)
        func two(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var texts = ["2024-03-28T00:00:00+00:00", "2024-03-28T00:00:00Z", "2024-03-28T00:00:00+0000", "2024-02-30T00:00:00+00:00", "2024-03-28T00:00:00+00:00 ", ""]
        for _ in 0..<3000 {
            let sign = random.next() % 2 == 0 ? "+" : "-"
            texts.append(
                "\(1590 + random.next() % 900)-\(two(random.next() % 13))-\(two(random.next() % 32))T\(two(random.next() % 25)):\(two(random.next() % 61)):\(two(random.next() % 61))"
                    + "\(sign)\(two(random.next() % 25)):\(two(random.next() % 61))")
        }
        for text in texts {
            let seconds = TimeInterval(Int64(random.next() % 200_000_000) - 100_000_000)
            let expected = formatter.date(from: text).map { formatter.string(from: $0.addingTimeInterval(seconds)) }
            #expect(TimeFormat.iso8601.shifted(text, by: seconds) == expected, "\(text) by \(seconds)")
        }
    }

    /// Yelp's pattern, read and written by arithmetic, against the formatter it stands for: in
    /// zones with half-hour and 45-minute offsets, a 30-minute clock change, offsets past 12
    /// hours, and on the days clocks change (where the formatter decides).
    @Test(arguments: ["America/Los_Angeles", "Europe/London", "Australia/Lord_Howe", "Pacific/Kiritimati", "America/St_Johns", "Asia/Kathmandu", "UTC"])
    func localTimesMoveExactlyAsTheFormatterMovedThem(zoneName: String) {
        let zone = TimeZone(identifier: zoneName)!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let pattern = TimeFormat("yyyy-MM-dd HH:mm:ss", zone: PackTimeZone(zoneName)!)
        var random = SeededGenerator(seed: 1_800 + UInt64(zoneName.utf8.count))
        func two(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var texts = ["2023-03-12 02:30:00", "2023-11-05 01:30:00", "2023-03-26 01:30:00", "2023-10-29 01:30:00", "2024-04-07 01:45:00", "2023-1-05 03:04:05", "2023-01-05T03:04:05", "2023-01-05 03:04:05 "]
        var fields = 0
        for _ in 0..<1500 {
            // Half of them on the days of the year's clock changes, hours around 1-3 am.
            let onChangeDay = random.next() % 2 == 0
            let month = onChangeDay ? [3, 4, 9, 10, 11][Int(random.next() % 5)] : 1 + random.next() % 13
            let day = onChangeDay ? 1 + random.next() % 31 : random.next() % 33
            let hour = onChangeDay ? random.next() % 4 : random.next() % 25
            texts.append("\(1590 + random.next() % 500)-\(two(month))-\(two(day)) \(two(hour)):\(two(random.next() % 61)):\(two(random.next() % 61))")
            fields += 1
        }
        for text in texts {
            let seconds = [0, 86_400, 3_600 * 7, -1_000_000.25, 31_557_600.9996][Int(random.next() % 5)] + TimeInterval(random.next() % 1_000)
            let expected = formatter.date(from: text).map { formatter.string(from: $0.addingTimeInterval(seconds)) }
            #expect(pattern.shifted(text, by: seconds) == expected, "\(text) by \(seconds) in \(zoneName)")
        }
        #expect(fields == 1500)
    }

    @Test func mostLocalTimesAreReadByArithmetic() {
        let pacific = LocalTimes(PackTimeZone("America/Los_Angeles")!)
        #expect(pacific.date(from: "2023-11-10 11:31:07") == Date(timeIntervalSince1970: 1_699_644_667))
        #expect(pacific.text(of: Date(timeIntervalSince1970: 1_699_644_667)) == "2023-11-10 11:31:07")
        // The day clocks go back, and a wall time that does not exist: left to the formatter.
        #expect(pacific.date(from: "2023-11-05 01:30:00") == nil && pacific.date(from: "2023-03-12 02:30:00") == nil)
        // A moment has one wall time, even at the change; only the second around it is left.
        #expect(pacific.text(of: Date(timeIntervalSince1970: 1_699_173_000)) == "2023-11-05 01:30:00")
        #expect(pacific.text(of: Date(timeIntervalSince1970: 1_699_174_800)) == nil)
    }

    @Test func onePatternServesManyThreadsAtOnce() async {
        let pacific = TimeFormat("yyyy-MM-dd HH:mm:ss", zone: PackTimeZone("America/Los_Angeles")!)
        let texts = (0..<200).map { "2023-\($0 % 12 < 9 ? "0" : "")\($0 % 12 + 1)-1\($0 % 10) 1\($0 % 10):3\($0 % 10):07" }
        let alone = texts.map { pacific.shifted($0, by: 86_400) }
        #expect(alone.allSatisfy { $0 != nil })
        let together = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<8 { group.addTask { texts.map { pacific.shifted($0, by: 86_400) } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(together.count == 8 && together.allSatisfy { $0 == alone })
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
        TimeShift.apply(entry, recordedAt: recorded, replayedFrom: recorded.addingTimeInterval(3_600), to: &response, operation: "debugToken", kept: ShiftedBodies())
        #expect(try JSONParser.parse(response.body) == ["data": ["expires_at": 1_803_949_200, "issued_at": 1_798_765_200, "user_id": "10160000000000001"]])
        #expect(response.headers.first?.value == "2027-01-02T01:00:00+00:00")
    }

    @Test func aPackNamesOnlyOperationsItHasAndFormatsItKnows() throws {
        let problems = try problemsLoadingBundledPack(
            "facebook.openapi.json",
            editing: [
                ("\"/data/issued_at\": \"epochSeconds\"", "\"data/issued_at\": \"epochSeconds\""),
                ("\"times\": [\n      {\n", "\"times\": [\n      {\"operations\": [\"debugTokn\"], \"json\": {\"/x\": \"iso8601\"}},\n      {\n"),
            ])
        let messages = problems.map(\.message)
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
