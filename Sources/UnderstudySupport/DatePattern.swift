import Foundation

/// A `DateFormatter` pattern in a time zone, read and written by one formatter, made on first
/// use and shared under a lock. Making a formatter costs about 120 µs here (ICU behind it),
/// using one a few: every recorded answer with such times made its own, and replaying a
/// recorded Yelp business ran at a third of the speed of the same fixture unrecorded.
/// Yelp's own pattern is read and written by arithmetic (`LocalTimes`) away from the zone's
/// clock changes: reading a time was a clone of ICU's formatter and a parse, 60 µs each.
package final class DatePattern: Sendable {
    package let pattern: String
    package let zone: PackTimeZone
    private let formatter = Locked<DateFormatter?>(nil)
    /// Set for `yyyy-MM-dd HH:mm:ss`, the pattern read by arithmetic.
    private let localTimes: LocalTimes?

    package init(_ pattern: String, zone: PackTimeZone) {
        self.pattern = pattern
        self.zone = zone
        localTimes = pattern == "yyyy-MM-dd HH:mm:ss" ? LocalTimes(zone) : nil
    }

    /// `text` read in this pattern, moved by `seconds` and written back; `nil` when it is not
    /// a time in this pattern.
    package func shifted(_ text: String, by seconds: TimeInterval) -> String? {
        let read = localTimes?.date(from: text)
        if let read, let moved = localTimes?.text(of: read.addingTimeInterval(seconds)) { return moved }
        return withFormatter { formatter in
            guard let date = read ?? formatter.date(from: text) else { return nil }
            return formatter.string(from: date.addingTimeInterval(seconds))
        }
    }

    /// `date` written in this pattern.
    package func string(from date: Date) -> String {
        withFormatter { $0.string(from: date) }
    }

    /// The moment `text` names in this pattern; `nil` when it is not a time in it.
    package func date(from text: String) -> Date? {
        withFormatter { $0.date(from: text) }
    }

    private func withFormatter<Result>(_ body: (DateFormatter) -> Result) -> Result {
        formatter.withLock { formatter in
            let made = formatter ?? makeFormatter()
            formatter = made
            return body(made)
        }
    }

    private func makeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone.timeZone
        formatter.dateFormat = pattern
        return formatter
    }
}
