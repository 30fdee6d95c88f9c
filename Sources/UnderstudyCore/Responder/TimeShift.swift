import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Moves the absolute times of a recorded answer so the replay agrees with the server's
/// clock: the moment the answer was recorded is replayed as the moment the server started, so
/// a token issued then is issued at the start and expires as long after it as it did after
/// the recording. The shift is fixed for the server's life, so moving the clock ages the
/// answers: 61 days on, a 60-day token has expired (and `debug_token` says so).
enum TimeShift {
    /// `response`, recorded at `recordedAt` as an answer of `operation`, replayed by a server
    /// that started at `start`. A time that is not in its declared format, or a body that is not
    /// JSON, is left as recorded. The body is moved once and then taken from `kept`.
    static func apply(
        _ entry: PackTimes.Entry, recordedAt: Date, replayedFrom start: Date, to response: inout Response, operation: String, kept: ShiftedBodies
    ) {
        let seconds = start.timeIntervalSince(recordedAt)
        guard seconds != 0 else { return }
        moveHeaders(entry, by: seconds, in: &response)
        if let body = kept.moved(response.body, by: seconds, for: operation, { movedBody($0, entry, by: seconds) }) { response.body = body }
    }

    /// The header fields `entry` names, moved by `seconds`.
    private static func moveHeaders(_ entry: PackTimes.Entry, by seconds: TimeInterval, in response: inout Response) {
        for (name, format) in entry.headers {
            for index in response.headers.indices where response.headers[index].hasName(name) {
                if let moved = format.shifted(response.headers[index].value, by: seconds) { response.headers[index].value = moved }
            }
        }
    }

    /// `body` with the JSON times `entry` names moved by `seconds`; `nil` when it names none or
    /// the body is not JSON.
    private static func movedBody(_ body: [UInt8], _ entry: PackTimes.Entry, by seconds: TimeInterval) -> [UInt8]? {
        guard !entry.json.isEmpty, var json = try? JSONParser.parse(body) else { return nil }
        for (pointer, format) in entry.json {
            json = json.transforming(pointer[...]) { format.shifted($0, by: seconds) }
        }
        return JSONWriter.bytes(json)
    }
}

extension JSONValue {
    /// The value with `change` applied at every place `tokens` reach (`*` reaches every
    /// element or member); a place `change` returns `nil` for, or that does not exist, stays.
    package func transforming(_ tokens: ArraySlice<String>, _ change: (JSONValue) -> JSONValue?) -> JSONValue {
        guard let token = tokens.first else { return change(self) ?? self }
        let rest = tokens.dropFirst()
        switch self {
        case .object(var members):
            if token == "*" {
                for (key, value) in members { members[key] = value.transforming(rest, change) }
            } else if let value = members[token] {
                members[token] = value.transforming(rest, change)
            }
            return .object(members)
        case .array(var elements):
            if token == "*" {
                elements = elements.map { $0.transforming(rest, change) }
            } else if let index = Int(token), elements.indices.contains(index) {
                elements[index] = elements[index].transforming(rest, change)
            }
            return .array(elements)
        default:
            return self
        }
    }
}
