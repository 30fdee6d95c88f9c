import Foundation
import Testing
@testable import UnderstudyCore

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
    ]

    @Test func acceptsExactlyWhatTheFormatterAccepts() {
        let formatter = ISO8601DateFormatter()
        for text in Self.texts {
            #expect(ISO8601Time.date(from: text) == formatter.date(from: text), "\(text.debugDescription)")
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
