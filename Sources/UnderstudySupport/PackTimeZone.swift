import Foundation

/// A time zone a pack names, looked up when a time is first read or written in it.
///
/// Looking a zone up starts ICU, whose data (a 40 MB library, 34 MB of a static build) is read
/// from disk on a cold start: 15-30 ms of a static build's first answer with the bundled
/// contracts. A name in `commonNames` is taken as valid when the pack loads and looked up on
/// first use; any other name is looked up at once, so a wrong one is still reported when the
/// pack loads. `PackTimeZoneTests` checks that every common name is one ICU knows.
package final class PackTimeZone: Sendable {
    /// The zone's IANA name, as the pack gives it.
    package let identifier: String
    private let resolved: Locked<TimeZone?>

    /// `nil` when `identifier` names no zone.
    package init?(_ identifier: String) {
        self.identifier = identifier
        if Self.commonNames.contains(identifier) {
            resolved = Locked(nil)
        } else {
            guard let zone = TimeZone(identifier: identifier) else { return nil }
            resolved = Locked(zone)
        }
    }

    /// The default: `UTC`.
    package static let utc = PackTimeZone("UTC")!

    /// The zone itself, looked up on the first call.
    package var timeZone: TimeZone {
        resolved.withLock { zone in
            if let zone { return zone }
            // Every common name resolves (the tests say so); GMT stands in only if an ICU lost one.
            let found = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
            zone = found
            return found
        }
    }

    /// Names taken as valid without asking ICU: UTC and the zones of the world's larger cities.
    package static let commonNames: Set<String> = [
        "UTC", "GMT", "Etc/UTC", "Etc/GMT",
        "America/Los_Angeles", "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Anchorage",
        "Pacific/Honolulu", "America/Toronto", "America/Vancouver", "America/Mexico_City", "America/Sao_Paulo",
        "America/Argentina/Buenos_Aires", "America/Bogota", "America/Lima", "America/Santiago",
        "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin", "Europe/Madrid", "Europe/Rome",
        "Europe/Amsterdam", "Europe/Brussels", "Europe/Stockholm", "Europe/Zurich", "Europe/Vienna", "Europe/Warsaw",
        "Europe/Athens", "Europe/Moscow", "Europe/Istanbul",
        "Africa/Cairo", "Africa/Johannesburg", "Africa/Lagos", "Africa/Nairobi",
        "Asia/Dubai", "Asia/Kolkata", "Asia/Singapore", "Asia/Shanghai", "Asia/Hong_Kong", "Asia/Taipei", "Asia/Tokyo",
        "Asia/Seoul", "Asia/Jakarta", "Asia/Bangkok", "Asia/Manila",
        "Australia/Sydney", "Australia/Melbourne", "Australia/Brisbane", "Australia/Perth", "Pacific/Auckland",
    ]
}
