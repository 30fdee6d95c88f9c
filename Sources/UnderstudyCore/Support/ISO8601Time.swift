import Foundation

/// Reads and writes the ISO 8601 times fixtures, packs and the journal use.
///
/// Foundation's formatters stand on ICU: a new `ISO8601DateFormatter` costs about 120 µs a time
/// here, and the first `Date.ISO8601FormatStyle` builds a calendar and looks up the current time
/// zone in ICU's data, a 40 MB file read from disk on a cold start. In UTC the text is plain
/// arithmetic on the Gregorian calendar, so the common forms are read and written here, and
/// everything else goes to the formatter: exactly the texts accepted before are, and the text
/// written is the formatter's.
enum ISO8601Time {
    /// The moment `text` names; `nil` when it is not an ISO 8601 internet time.
    static func date(from text: String) -> Date? {
        if isPlain(text), let date = plainDate(Array(text.utf8)) { return date }
        return ISO8601DateFormatter().date(from: text)
    }

    /// The moment `text` names when it is in the form `yyyy-MM-dd'T'HH:mm:ssxxxxx` writes
    /// (`2024-03-28T00:00:00+00:00`: a colon in the offset, no `Z`) with every field in range;
    /// `nil` otherwise, for a `DateFormatter` of that pattern to decide.
    static func dateWithOffset(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == shape.count + 6, bytes[shape.count] != UInt8(ascii: "Z"), bytes[shape.count + 3] == UInt8(ascii: ":"), isPlain(text)
        else { return nil }
        return plainDate(bytes)
    }

    /// How a written time names UTC.
    enum Zone {
        /// `2024-03-01T08:00:00Z`, as `ISO8601DateFormatter` writes by default.
        case z
        /// `2024-03-01T08:00:00+00:00`, as Yelp writes its reset time (the pattern `xxxxx`).
        case offset
    }

    /// `date` in UTC, its fraction of a second dropped, written as the formatter of `zone` writes it.
    static func string(from date: Date, zone: Zone = .z) -> String {
        if let fields = CivilTime(date) { return fields.text() + (zone == .z ? "Z" : "+00:00") }
        switch zone {
        case .z:
            return ISO8601DateFormatter().string(from: date)
        case .offset:
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxxxx"
            return formatter.string(from: date)
        }
    }

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

    /// A plain form's moment, or `nil` for one whose fields are out of range or before the
    /// Gregorian calendar's first whole century (the formatter counts those in the Julian one):
    /// the formatter decides those as it did.
    private static func plainDate(_ bytes: [UInt8]) -> Date? {
        func number(_ start: Int, _ count: Int) -> Int {
            bytes[start..<(start + count)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
        guard year >= CivilTime.years.lowerBound, (1...12).contains(month), (1...CivilTime.daysIn(month, of: year)).contains(day),
            hour < 24, minute < 60
        else { return nil }
        var offset = 0
        if bytes[19] != UInt8(ascii: "Z") {
            let digits = bytes[20...].filter { $0 != UInt8(ascii: ":") }.map { Int($0 - UInt8(ascii: "0")) }
            let hours = digits[0] * 10 + digits[1], minutes = digits[2] * 10 + digits[3]
            guard hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = CivilTime.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
