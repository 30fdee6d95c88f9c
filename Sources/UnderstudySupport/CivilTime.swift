import Foundation

/// A moment's date and time of day in UTC on the Gregorian calendar, by arithmetic (Howard
/// Hinnant's civil-from-days), for `ISO8601Time` and `LocalTimes`.
package struct CivilTime: Equatable {
    package var year, month, day, hour, minute, second: Int

    /// The years read and written here. Before them the formatters count in the Julian
    /// calendar; after them a year needs more than four digits.
    package static let years = 1600...9999

    /// `date`'s fields, its fraction of a second dropped after rounding to the millisecond (as
    /// the formatters do: 0.9999 s past a second is written as the next); `nil` outside `years`.
    package init?(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
        let seconds = Int(milliseconds) >= 0 ? Int(milliseconds) / 1000 : (Int(milliseconds) - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        (hour, minute, second) = (inDay / 3600, inDay % 3600 / 60, inDay % 60)
        guard Self.years.contains(year) else { return nil }
    }

    /// The fields written `yyyy-MM-dd?HH:mm:ss` at the start of `bytes` (`?` any byte: the
    /// caller's to check), or `nil` unless every field is digits and in range and the year is
    /// in `years`. ISO 8601 times and wall-clock times are read this way.
    package init?(written bytes: [UInt8]) {
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":")
        else { return nil }
        var digits = true
        func number(_ start: Int, _ count: Int) -> Int {
            var value = 0
            for byte in bytes[start..<(start + count)] {
                if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { digits = false }
                value = value * 10 + Int(byte &- UInt8(ascii: "0"))
            }
            return value
        }
        (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        (hour, minute, second) = (number(11, 2), number(14, 2), number(17, 2))
        guard digits, Self.years.contains(year), (1...12).contains(month), (1...Self.daysIn(month, of: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
    }

    /// Seconds from 1970-01-01T00:00:00 to these fields read as UTC.
    package var secondsSince1970: Int {
        Self.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `yyyy-MM-ddTHH:mm:ss`, or with `separator` in place of the `T`.
    package func text(separator: String = "T") -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        // Four digits: `years` holds no other.
        return String(year) + "-" + two(month) + "-" + two(day)
            + separator + two(hour) + ":" + two(minute) + ":" + two(second)
    }

    /// Days from 1970-01-01 to a date.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// How many days `month` has in `year`.
    package static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
