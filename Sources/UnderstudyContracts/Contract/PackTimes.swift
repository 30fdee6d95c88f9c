import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// The absolute times in a provider's answers (`x-understudy.times`): where they are and how
/// they are written, so a fixture that says when it was recorded (`recordedAt`) is replayed
/// with every one of them moved by as long as has passed since (see docs/contracts.md).
package struct PackTimes: Sendable {
    /// One list of times, for the answers of some operations.
    package struct Entry: Sendable {
        package let operations: Set<String>
        /// JSON pointers into the body; a `*` token stands for every element or member.
        package let json: [(pointer: [String], format: TimeFormat)]
        /// Header names (case-insensitive).
        package let headers: [(name: String, format: TimeFormat)]
    }

    package var entries: [Entry] = []

    /// The times in the answers of `operation`, `nil` when it has none.
    package func entry(for operation: String) -> Entry? {
        let found = entries.filter { $0.operations.contains(operation) }
        guard !found.isEmpty else { return nil }
        return Entry(operations: [operation], json: found.flatMap(\.json), headers: found.flatMap(\.headers))
    }
}

/// How a provider writes a time.
package enum TimeFormat: Sendable {
    /// Unix seconds as a JSON number (or numeric text); `0` means "never" and is left alone.
    case epochSeconds
    /// Unix milliseconds, likewise.
    case epochMillis
    /// ISO 8601 with an offset, as Yelp's `RateLimit-ResetTime` (`2024-03-28T00:00:00+00:00`),
    /// written in UTC.
    case iso8601
    /// A `DateFormatter` pattern in a time zone, as Yelp's review `time_created`
    /// (`yyyy-MM-dd HH:mm:ss`, Pacific time).
    case pattern(DatePattern)

    /// Reads the format's name: `epochSeconds`, `epochMillis`, `iso8601`, or a pattern.
    package init(_ name: String, zone: PackTimeZone) {
        switch name {
        case "epochSeconds": self = .epochSeconds
        case "epochMillis": self = .epochMillis
        case "iso8601": self = .iso8601
        default: self = .pattern(DatePattern(name, zone: zone))
        }
    }

    /// `value` moved by `seconds`, written as it was; `nil` when it is not a time in this
    /// format (or is `0`, "never"), so it stays as recorded.
    package func shifted(_ value: JSONValue, by seconds: TimeInterval) -> JSONValue? {
        switch (self, value) {
        case (.epochSeconds, .number(let number)), (.epochMillis, .number(let number)):
            guard number.value != 0 else { return nil }
            let scale: Double = if case .epochMillis = self { 1000 } else { 1 }
            let moved = (number.value + seconds * scale).rounded()
            // A fixture's number past Int64 is no time, and Int64(_:) trapped on it: kept as recorded.
            guard let integer = Int64(exactly: moved) else { return nil }
            return .number(JSONNumber(text: String(integer)) ?? number)
        case (_, .string(let text)):
            return shifted(text, by: seconds).map(JSONValue.string)
        default:
            return nil
        }
    }

    /// The moment `value` names in this format; `nil` when it is not a time in it (or is `0`, "never").
    package func date(of value: JSONValue) -> Date? {
        switch (self, value) {
        case (.epochSeconds, .number(let number)): number.value == 0 ? nil : Date(timeIntervalSince1970: number.value)
        case (.epochMillis, .number(let number)): number.value == 0 ? nil : Date(timeIntervalSince1970: number.value / 1000)
        case (.epochSeconds, .string(let text)), (.epochMillis, .string(let text)):
            JSONNumber(text: text).flatMap { date(of: .number($0)) }
        case (.iso8601, .string(let text)): ISO8601Time.dateWithOffset(from: text) ?? ISO8601Time.date(from: text)
        case (.pattern(let pattern), .string(let text)): pattern.date(from: text)
        default: nil
        }
    }

    /// Text `text` moved by `seconds`; `nil` when it is not a time in this format.
    package func shifted(_ text: String, by seconds: TimeInterval) -> String? {
        switch self {
        case .epochSeconds, .epochMillis:
            guard let number = JSONNumber(text: text), case .number(let moved)? = shifted(.number(number), by: seconds) else { return nil }
            return moved.text
        case .iso8601:
            // The form Yelp writes is read and written by arithmetic, as the formatter would.
            if let date = ISO8601Time.dateWithOffset(from: text) { return ISO8601Time.string(from: date.addingTimeInterval(seconds), zone: .offset) }
            return ISO8601Time.offsetPattern.shifted(text, by: seconds)
        case .pattern(let pattern):
            return pattern.shifted(text, by: seconds)
        }
    }
}
