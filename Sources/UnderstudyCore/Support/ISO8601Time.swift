import Foundation

/// Reads the ISO 8601 times fixtures and packs write (`recordedAt`, a token's `expiresAt`).
///
/// A new `ISO8601DateFormatter` costs about 120 µs a time here (ICU behind it), a fifth of
/// loading the bundled contracts; swift-foundation's `Date.ISO8601FormatStyle` reads the same
/// text in under 1 µs. It is lenient where the formatter is not (fractions of a second, a 60th
/// second), so it reads only the plain form both accept alike, `2027-01-01T00:00:00Z` or with an
/// offset; anything else goes to the formatter, and exactly the texts accepted before are.
enum ISO8601Time {
    /// The moment `text` names; `nil` when it is not an ISO 8601 internet time.
    static func date(from text: String) -> Date? {
        if isPlain(text), let date = try? style.parse(text) { return date }
        return ISO8601DateFormatter().date(from: text)
    }

    /// Made once: making one costs more than reading a time with it.
    private static let style = Date.ISO8601FormatStyle()

    /// The date and time every plain form starts with, `d` standing for a digit.
    private static let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)

    /// `YYYY-MM-DDTHH:MM:SS` with seconds below 60, then `Z`, `±HH:MM` or `±HHMM`, and nothing else.
    static func isPlain(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= shape.count + 1 else { return false }
        for (byte, expected) in zip(bytes, shape) {
            if expected == UInt8(ascii: "d") ? !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte != expected { return false }
        }
        guard bytes[17] < UInt8(ascii: "6") else { return false }
        let zone = bytes[shape.count...]
        if zone.elementsEqual("Z".utf8) { return true }
        guard zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-") else { return false }
        let offset = zone.dropFirst().filter { $0 != UInt8(ascii: ":") }
        let colons = zone.count - 1 - offset.count
        return offset.count == 4 && offset.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && (colons == 0 || (colons == 1 && zone[zone.startIndex + 3] == UInt8(ascii: ":")))
    }
}
