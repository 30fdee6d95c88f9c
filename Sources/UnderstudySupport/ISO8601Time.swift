import Foundation

/// Reads and writes the ISO 8601 times fixtures, packs and the journal use.
///
/// Foundation's formatters stand on ICU: a new `ISO8601DateFormatter` costs about 120 µs a time
/// here, and the first `Date.ISO8601FormatStyle` builds a calendar and looks up the current time
/// zone in ICU's data, a 40 MB file read from disk on a cold start. In UTC the text is plain
/// arithmetic on the Gregorian calendar, so the common forms are read and written here, and
/// everything else goes to the formatter: exactly the texts accepted before are, and the text
/// written is the formatter's.
package enum ISO8601Time {
    /// The moment `text` names; `nil` when it is not an ISO 8601 internet time.
    package static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        if isPlain(bytes), let date = plainDate(bytes) { return date }
        return ISO8601DateFormatter().date(from: text)
    }

    /// The moment `text` names when it is in the form `yyyy-MM-dd'T'HH:mm:ssxxxxx` writes
    /// (`2024-03-28T00:00:00+00:00`: a colon in the offset, no `Z`) with every field in range;
    /// `nil` otherwise, for a `DateFormatter` of that pattern to decide.
    package static func dateWithOffset(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == shape.count + 6, bytes[shape.count] != UInt8(ascii: "Z"), bytes[shape.count + 3] == UInt8(ascii: ":"), isPlain(bytes)
        else { return nil }
        return plainDate(bytes)
    }

    /// How a written time names UTC.
    package enum Zone {
        /// `2024-03-01T08:00:00Z`, as `ISO8601DateFormatter` writes by default.
        case z
        /// `2024-03-01T08:00:00+00:00`, as Yelp writes its reset time (the pattern `xxxxx`).
        case offset
    }

    /// `date` in UTC, its fraction of a second dropped, written as the formatter of `zone` writes it.
    package static func string(from date: Date, zone: Zone = .z) -> String {
        if let fields = CivilTime(date) { return fields.text() + (zone == .z ? "Z" : "+00:00") }
        switch zone {
        case .z:
            return ISO8601DateFormatter().string(from: date)
        case .offset:
            return offsetPattern.string(from: date)
        }
    }

    /// What `.offset` means to a `DateFormatter`, for the times the arithmetic leaves to one.
    package static let offsetPattern = DatePattern("yyyy-MM-dd'T'HH:mm:ssxxxxx", zone: .utc)

    /// The date and time every plain form starts with, `d` standing for a digit.
    private static let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)

    /// `YYYY-MM-DDTHH:MM:SS` with seconds below 60, then `Z`, `±HH:MM` or `±HHMM`, and nothing else.
    package static func isPlain(_ text: String) -> Bool {
        isPlain(Array(text.utf8))
    }

    private static func isPlain(_ bytes: [UInt8]) -> Bool {
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

    /// A plain form's moment, or `nil` for one whose fields are out of range or before the
    /// Gregorian calendar's first whole century (the formatter counts those in the Julian one):
    /// the formatter decides those as it did.
    private static func plainDate(_ bytes: [UInt8]) -> Date? {
        guard let fields = CivilTime(written: bytes) else { return nil }
        var offset = 0
        if bytes[19] != UInt8(ascii: "Z") {
            let digits = bytes[20...].filter { $0 != UInt8(ascii: ":") }.map { Int($0 - UInt8(ascii: "0")) }
            let hours = digits[0] * 10 + digits[1], minutes = digits[2] * 10 + digits[3]
            guard hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        return Date(timeIntervalSince1970: TimeInterval(fields.secondsSince1970 - offset))
    }
}
