import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport

/// The byte searches over a string's contiguous UTF-8 answer as the generic `utf8` view does.
@Suite struct StringBytesTests {
    static let texts: [String] = [
        "", "a", "content-length", "Bearer FAKE-understudy-yelp-api-key", "line\r\nbreak", "only\nfeed", "only\rreturn",
        "caf\u{E9}", "\u{FFFD}", "emoji \u{1F37D}", String(repeating: "long text without breaks ", count: 40) + "/",
        "/v3/businesses/search?term=sushi&limit=20", "tab\there", "\u{7F}\u{80}",
    ]

    @Test func answersAsTheUTF8View() {
        let substrings = Self.texts.map { $0.dropFirst() }
        for byte in UInt8.min...UInt8.max {
            for text in Self.texts { #expect(text.containsByte(byte) == text.utf8.contains(byte), "\(text.debugDescription) \(byte)") }
            for text in substrings { #expect(text.containsByte(byte) == text.utf8.contains(byte), "\(text.debugDescription) \(byte)") }
        }
        for text in Self.texts {
            #expect(text.hasLineBreak == (text.utf8.contains(13) || text.utf8.contains(10)), "\(text.debugDescription)")
            #expect(text.isASCII == text.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
        }
    }

    /// Every byte value alone, and after a long prefix (past the small-string form).
    @Test func everyByteIsFound() {
        for value in UInt32(1)...0x7F {
            let scalar = Character(Unicode.Scalar(value)!)
            let short = String(scalar), long = String(repeating: "x", count: 64) + String(scalar)
            #expect(short.containsByte(UInt8(value)) && long.containsByte(UInt8(value)))
            #expect(!long.dropLast().containsByte(UInt8(value)) || value == UInt32(UInt8(ascii: "x")))
        }
    }
}
