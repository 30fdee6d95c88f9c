import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport

@Suite("ISO 8601 times")
struct ISO8601TimeTests {
    static let texts = [
        "2027-01-01T00:00:00Z", "2024-03-01T08:00:00+01:00", "2024-03-01T08:00:00+0100", "2024-03-01T08:00:00-05:00",
        "2024-02-30T00:00:00Z", "2024-03-01T24:00:00Z", "2024-03-01T08:00:59Z", "2024-03-01T08:00:00GMT",
        // Where swift-foundation's parser alone would differ: these go to the formatter.
        "2024-03-01T08:00:00.5Z", "2024-03-01T08:00:60Z", " 2024-03-01T08:00:00Z", "2024-03-01T08:00:00Z ",
        "2024-03-01 08:00:00Z", "2024-03-01", "not a date", "2024-13-01T00:00:00Z", "2024-03-01t08:00:00z",
        "2024-03-01T08:00:00", "+2024-03-01T08:00:00Z", "2024-03-01T08:00Z", "20240301T080000Z", "2024-03-01T08:00:00+01:0:0",
        "2024-03-01T08:00:00+1:00", "2024-03-01T08:00:00+01:000", "",
        // Plain, but with fields out of range or before 1600: the formatter decides.
        "2023-02-29T00:00:00Z", "2024-02-29T23:59:59Z", "2100-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2024-04-31T00:00:00Z",
        "2024-00-10T00:00:00Z", "2024-01-00T00:00:00Z", "2024-03-01T08:60:00Z", "2024-03-01T08:00:00+24:00",
        "2024-03-01T08:00:00+05:60", "2024-03-01T08:00:00-23:59", "1599-12-31T23:59:59Z", "1600-01-01T00:00:00Z",
        "1582-10-10T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59-01:00", "1969-12-31T23:59:59Z",
    ]

    @Test func acceptsExactlyWhatTheFormatterAccepts() {
        let formatter = ISO8601DateFormatter()
        for text in Self.texts {
            #expect(ISO8601Time.date(from: text) == formatter.date(from: text), "\(text.debugDescription)")
        }
    }

    /// Random plain texts, each field in or near its range, with every kind of zone.
    @Test func randomPlainTextsAreReadAsTheFormatterReadsThem() {
        let formatter = ISO8601DateFormatter()
        var random = SeededGenerator(seed: 8601)
        func two(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        for _ in 0..<3000 {
            let year = 1590 + random.next() % 900
            let zones = ["Z", "+\(two(random.next() % 25)):\(two(random.next() % 61))", "-\(two(random.next() % 24))\(two(random.next() % 60))"]
            let text = "\(year)-\(two(random.next() % 13))-\(two(random.next() % 32))T\(two(random.next() % 25)):\(two(random.next() % 61)):\(two(random.next() % 60))"
                + zones[Int(random.next() % 3)]
            #expect(ISO8601Time.date(from: text) == formatter.date(from: text), "\(text)")
        }
    }

    @Test func writesWhatTheFormattersWrite() {
        let iso = ISO8601DateFormatter()
        let offset = DateFormatter()
        offset.locale = Locale(identifier: "en_US_POSIX")
        offset.timeZone = TimeZone(identifier: "UTC")
        offset.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxxxx"
        var random = SeededGenerator(seed: 1970)
        // Whole seconds, fractions near them (the formatters round to the millisecond first), and the ends of the years written by arithmetic.
        var moments: [TimeInterval] = [0, -0.001, -1, 0.999, 951_782_400, 4_107_542_399.999, 253_402_300_799, 253_402_300_800, -11_676_096_000, -11_676_096_001, -12_219_292_800]
        for _ in 0..<3000 {
            let second = TimeInterval(Int64(random.next() % 16_000_000_000) - 12_000_000_000)
            moments += [second, second + random.nextUnit(), second - 0.0001, second + 0.0004, second + 0.0006, second - 0.0004, second - 0.0006]
        }
        for moment in moments {
            let date = Date(timeIntervalSince1970: moment)
            #expect(ISO8601Time.string(from: date) == iso.string(from: date), "\(moment)")
            #expect(ISO8601Time.string(from: date, zone: .offset) == offset.string(from: date), "\(moment)")
        }
    }

    @Test func civilDatesRoundTripAndAgreeWithFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = CivilTime.days(year: 1600, month: 1, day: 1), last = CivilTime.days(year: 9999, month: 12, day: 31)
        // Every day from 1600 to 9999, counted one by one: one #expect for all of them (millions would take minutes).
        var expected = (year: 1600, month: 1, day: 1)
        var firstWrong: Int?
        for days in first...last where firstWrong == nil {
            let date = CivilTime.civil(fromDays: days)
            if date != expected || CivilTime.days(year: date.year, month: date.month, day: date.day) != days { firstWrong = days }
            expected.day += 1
            if expected.day > CivilTime.daysIn(expected.month, of: expected.year) { (expected.day, expected.month) = (1, expected.month + 1) }
            if expected.month > 12 { (expected.month, expected.year) = (1, expected.year + 1) }
        }
        #expect(firstWrong == nil)
        #expect(expected == (10_000, 1, 1))
        for (year, month, day) in [(1970, 1, 1), (2000, 2, 29), (1600, 3, 1), (2024, 12, 31)] {
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
            #expect(TimeInterval(CivilTime.days(year: year, month: month, day: day) * 86_400) == date.timeIntervalSince1970)
        }
    }

    @Test func thePlainFormIsReadWithoutTheFormatter() {
        for text in ["2027-01-01T00:00:00Z", "2024-03-01T08:00:00+01:00", "2024-03-01T08:00:00+0100", "2024-03-01T08:00:00-05:00"] {
            #expect(ISO8601Time.isPlain(text), "\(text)")
        }
        for text in ["2024-03-01T08:00:00.5Z", "2024-03-01T08:00:60Z", " 2024-03-01T08:00:00Z", "2024-03-01T08:00:00GMT", "2024-03-01T08:00:00+01:0:0"] {
            #expect(!ISO8601Time.isPlain(text), "\(text)")
        }
    }
}
