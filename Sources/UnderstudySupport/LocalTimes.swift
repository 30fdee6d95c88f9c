import Foundation

/// Wall-clock times `yyyy-MM-dd HH:mm:ss` in a time zone, read and written by arithmetic as a
/// `DateFormatter` of that pattern reads and writes them, for `DatePattern`.
///
/// Only where the zone's offset is the same for a day and a half either side: a wall time
/// near a clock change may be missing or repeated, and the formatter's choice there is left
/// to the formatter (`nil` here).
package struct LocalTimes: Sendable {
    package let zone: PackTimeZone

    package init(_ zone: PackTimeZone) {
        self.zone = zone
    }

    /// Far enough either side of an instant that a zone's largest offset (14 hours) stays
    /// inside, with room: a day and a half.
    private static let reach: TimeInterval = 36 * 3600

    /// The moment `text` names, or `nil` when it is not the plain form with every field in
    /// range, or is near a clock change.
    package func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19, bytes[10] == UInt8(ascii: " "), let fields = CivilTime(written: bytes) else { return nil }
        let wall = TimeInterval(fields.secondsSince1970)
        // Read as UTC, the wall time is within the reach of the moment it names.
        guard let offset = steadyOffset(around: Date(timeIntervalSince1970: wall)) else { return nil }
        let date = Date(timeIntervalSince1970: wall - offset)
        return TimeInterval(zone.timeZone.secondsFromGMT(for: date)) == offset ? date : nil
    }

    /// `date` on this zone's wall clock, or `nil` within a second of a clock change (where
    /// rounding to the millisecond could cross it) or outside `CivilTime.years`. A moment has
    /// one wall time, so only reading needs the wider berth.
    package func text(of date: Date) -> String? {
        guard let offset = steadyOffset(around: date, within: 1), let fields = CivilTime(date.addingTimeInterval(offset)) else { return nil }
        return fields.text(separator: " ")
    }

    /// The zone's offset at `date`, when it is the same `reach` seconds before and after.
    private func steadyOffset(around date: Date, within reach: TimeInterval = Self.reach) -> TimeInterval? {
        let timeZone = zone.timeZone
        let offset = timeZone.secondsFromGMT(for: date)
        guard timeZone.secondsFromGMT(for: date.addingTimeInterval(-reach)) == offset,
            timeZone.secondsFromGMT(for: date.addingTimeInterval(reach)) == offset
        else { return nil }
        return TimeInterval(offset)
    }
}
