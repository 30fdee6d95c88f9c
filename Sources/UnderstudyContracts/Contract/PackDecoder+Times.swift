import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// Reading `x-understudy.times`.
extension PackDecoder {
    package mutating func decodeTimes(_ value: JSONValue, at path: JSONPath) -> PackTimes {
        guard let elements = array(value, at: path) else { return PackTimes() }
        var times = PackTimes()
        for (index, element) in elements.enumerated() {
            let entryPath = path.appending(index: index)
            guard let members = object(element, at: entryPath) else { continue }
            checkKeys(members, allowed: ["operations", "json", "headers", "timeZone"], at: entryPath)
            let operations = members["operations"].flatMap { strings($0, at: entryPath.appending("operations")) } ?? []
            if operations.isEmpty { report(entryPath, "missing \"operations\": the operationIds whose answers carry these times") }
            var zone = PackTimeZone.utc
            if let value = members["timeZone"], let name = string(value, at: entryPath.appending("timeZone")) {
                if let found = PackTimeZone(name) { zone = found } else { report(entryPath.appending("timeZone"), "unknown time zone \"\(name)\"") }
            }
            var json: [(pointer: [String], format: TimeFormat)] = []
            for (pointer, format) in formats(members["json"], at: entryPath.appending("json"), zone: zone) {
                guard pointer.hasPrefix("/") else {
                    report(entryPath.appending("json").appending(pointer), "\"\(pointer)\" is not a JSON pointer (it must start with /)")
                    continue
                }
                json.append((pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(JSONPointer.unescape), format))
            }
            let headers = formats(members["headers"], at: entryPath.appending("headers"), zone: zone)
            if json.isEmpty && headers.isEmpty { report(entryPath, "give the times as \"json\" pointers or \"headers\" names, each with its format") }
            times.entries.append(PackTimes.Entry(operations: Set(operations), json: json, headers: headers.map { (name: $0.0, format: $0.1) }))
        }
        return times
    }

    /// `{name: format}` members, sorted by name.
    private mutating func formats(_ value: JSONValue?, at path: JSONPath, zone: PackTimeZone) -> [(String, TimeFormat)] {
        guard let value, let members = object(value, at: path) else { return [] }
        var found: [(String, TimeFormat)] = []
        for (name, formatValue) in members.sorted(by: { $0.key < $1.key }) {
            guard let format = string(formatValue, at: path.appending(name)) else { continue }
            if format.isEmpty { report(path.appending(name), "expected epochSeconds, epochMillis, iso8601 or a date pattern such as yyyy-MM-dd HH:mm:ss") }
            found.append((name, TimeFormat(format, zone: zone)))
        }
        return found
    }
}
